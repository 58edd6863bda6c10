//! Server runtime of Gallium partitions (parts of it): state synchronisation of
//! replicated maps through the switch's atomic update ([`sync`]) and output
//! commit ([`commit`]). Executing server programs on packets and the partitioned
//! engine are not built yet (`docs/GALLIUM.md`, "Not done").

pub mod commit;
pub mod sync;

pub use commit::OutputCommit;
pub use sync::{MapWrite, StateSync, SyncError};
