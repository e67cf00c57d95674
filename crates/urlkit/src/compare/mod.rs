//! Comparison of two URLs: the verdict, the rules that made them equal, the first real difference.
