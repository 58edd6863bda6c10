//! The NF intermediate representation: a typed SSA control-flow graph with explicit read/write sets.
