//! The XDP switch target: a `pipe` program compiled to eBPF for the kernel's
//! XDP hook, with its maps and control plane (docs/XDP.md).
//!
//! - [`compile`]: a program validated by `pipe`, planned ([`plan`]: which map
//!   holds what, or why the target refuses it) and generated ([`codegen`]) as
//!   BPF instructions, without a C compiler or libbpf: a fresh machine needs
//!   nothing at run time, and the same program gives the same bytes.
//! - [`XdpSwitch`]: the program loaded, its maps created; packets run
//!   through `BPF_PROG_TEST_RUN` ([`XdpSwitch::process`]) with the same
//!   verdicts and bytes as `pipe::Switch`; table, register, counter and
//!   meter operations write the maps.
//! - [`layout`]: how scratch, entries and cells are laid out, shared by the
//!   generated code and the control plane.

mod analysis;
pub mod codegen;
pub mod compile;
pub mod control;
mod entries;
pub mod layout;
pub mod live;
mod mirror;
pub mod plan;
mod switch;

pub use codegen::Mode;
pub use compile::Compiled;
pub use plan::Refused;
pub use switch::{PacketRunner, XdpError, XdpStats, XdpSwitch};
