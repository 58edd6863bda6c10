//! Server runtime of Gallium partitions: the transfer frames between switch and
//! server ([`frames`]), the runtime that runs the server part of a program on
//! punted packets ([`runtime`]), state synchronisation of replicated maps
//! through the switch's atomic update ([`sync`]) and output commit ([`commit`]).

pub mod commit;
pub mod deferred;
pub mod frames;
pub mod points;
pub mod runtime;
pub mod sync;

pub use commit::OutputCommit;
pub use runtime::{
    Decision, Handled, Limits, PacketClass, Release, Runtime, RuntimeError, RuntimeStats,
    StateChange,
};
pub use sync::{MapWrite, StateSync, SyncError};
