//! The compiler's passes, one per file, named verb-object; the order is in
//! [`crate::pipeline`].

mod analyze_dependencies;
pub(crate) mod label_operations;
mod lay_out_transfer;
mod place_state;
mod split_programs;

pub use analyze_dependencies::analyze_dependencies;
pub use label_operations::label_operations;
pub use lay_out_transfer::lay_out_transfer;
pub use place_state::place_state;
pub(crate) use place_state::scalar_widths;
pub use split_programs::{SERVER_VERDICT, split_programs};
