//! The `.nf` surface language: lexer, parser, type checker and diagnostics, lowering to `ir`.
