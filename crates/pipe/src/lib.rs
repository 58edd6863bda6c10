//! Switch model: RMT pipeline programs, executor, Tofino-class resource checker, control plane, P4_16 emitters.
