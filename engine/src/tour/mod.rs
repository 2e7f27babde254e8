//! Tours: classifications and the rules that carry from stage to stage (house rules B first).
