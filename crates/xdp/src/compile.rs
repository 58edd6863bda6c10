//! From a `pipe` program to eBPF: validation and resolution by `pipe`, the
//! plan of maps, and the generated instructions, with nothing loaded yet.

use bpf::asm::Assembled;
use pipe::Program;
use pipe::resolved::Resolved;

use crate::codegen::{Mode, generate};
use crate::plan::{Plan, Refused};

/// A program ready to load: resolved, planned, and generated for the modes
/// asked.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The program.
    pub program: Program,
    /// Its resolved form.
    pub resolved: Resolved,
    /// Its maps.
    pub plan: Plan,
}

impl Compiled {
    /// Validates `program` and plans it for the XDP target.
    pub fn new(program: &Program) -> Result<Compiled, Refused> {
        Compiled::with_record(program, false)
    }

    /// [`Compiled::new`], with a ring buffer for recording frames when `record`.
    pub fn with_record(program: &Program, record: bool) -> Result<Compiled, Refused> {
        let resolved = pipe::resolve(program).map_err(|e| Refused::Invalid(e.to_string()))?;
        let plan = Plan::new(program, &resolved, record)?;
        Ok(Compiled {
            program: program.clone(),
            resolved,
            plan,
        })
    }

    /// The instructions for `mode`, map references unresolved.
    pub fn generate(&self, mode: Mode) -> Result<Assembled, Refused> {
        generate(&self.program, &self.resolved, &self.plan, mode)
    }
}
