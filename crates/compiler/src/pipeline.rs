//! The pass order, in one place (p4c style). Each pass reads what the earlier
//! ones left in the [`Compilation`] and adds its own results.

use crate::context::{Compilation, CompileError, Options};
use crate::passes::{
    analyze_dependencies, label_operations, lay_out_transfer, place_state, split_programs,
};

/// A pass over the compilation state.
pub type Pass = fn(&mut Compilation) -> Result<(), CompileError>;

/// The partitioning pipeline, in order.
pub const PASSES: [(&str, Pass); 5] = [
    ("analyze_dependencies", analyze_dependencies),
    ("place_state", place_state),
    ("label_operations", label_operations),
    ("split_programs", split_programs),
    ("lay_out_transfer", lay_out_transfer),
];

/// Verifies `program` and runs every pass on it.
pub fn partition(program: &ir::Program, options: &Options) -> Result<Compilation, CompileError> {
    let mut c = Compilation::new(program.clone(), options.clone())?;
    for (_, pass) in PASSES {
        pass(&mut c)?;
    }
    Ok(c)
}

/// The lowering step run after partitioning.
pub type Lowering =
    fn(&Compilation) -> Result<crate::lower_switch::Lowered, crate::lower_switch::LowerError>;

/// After partitioning: lowers the switch side to one `pipe` program
/// ([`crate::lower_switch`]), validated and checked against the profile.
pub const LOWERING: (&str, Lowering) = ("lower_switch", crate::lower_switch::lower_switch);
