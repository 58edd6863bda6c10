//! Deterministic discrete-event harness for experiments: a clock, links with rate and delay, nodes.
