// Veil module
