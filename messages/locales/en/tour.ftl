# tour
