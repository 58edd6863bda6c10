//! eBPF without libbpf, libelf or a C compiler: instructions ([`insn`]), an
//! assembler with labels ([`asm`]), maps ([`map`]) and programs ([`prog`])
//! through raw `bpf(2)` calls, and the little BTF a spin lock needs ([`btf`]).
//!
//! The XDP target (`crates/xdp`) generates its programs with [`asm`] and loads
//! them here; so does the AF_XDP port's redirect program (`crates/port`).
//! Everything that talks to the kernel needs CAP_BPF (root).

pub mod asm;
pub mod btf;
pub mod insn;
pub mod map;
mod mmap;
pub mod prog;
pub mod ringbuf;
pub mod shared;
mod sys;

pub use map::{Map, MapSpec, MapType};
pub use prog::{Link, Program, TestResult, TestRun, VerifierStats, XdpMode};
pub use shared::SharedArray;
pub use sys::{Error, ifindex, ktime_ns, possible_cpus};
