//! CoFilter: switch-accelerated stateful packet filter (conntrack semantics, compressed switch tables, CPU agent).
