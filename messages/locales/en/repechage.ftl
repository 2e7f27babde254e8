# repechage
