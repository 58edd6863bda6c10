//! The server program: the handler as IR (which the reference interpreter's
//! semantics define) with its entry points (punt points), exit points (resume
//! points) and the blocks the server may run. Its text form is valid IR text:
//! the interface is written as `;` comments, which the IR parser skips.

use crate::context::Compilation;
use crate::model::{PuntPoint, ResumePoint};
use crate::passes::SERVER_VERDICT;
use std::fmt::Write;

/// The server's part of a partitioned program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerProgram {
    /// The handler (the server runs only `blocks`, from an entry to an exit or a verdict).
    pub program: ir::Program,
    /// Where the server starts, by punt point number.
    pub entries: Vec<PuntPoint>,
    /// Where the server hands the packet back, by resume point number.
    pub exits: Vec<ResumePoint>,
    /// Blocks the server may run.
    pub blocks: Vec<u32>,
}

impl ServerProgram {
    /// The server program of a compilation.
    pub fn of(c: &Compilation) -> ServerProgram {
        ServerProgram {
            program: c.program.clone(),
            entries: c.punts.clone(),
            exits: c.resumes.clone(),
            blocks: c
                .server_blocks
                .iter()
                .enumerate()
                .filter(|(_, s)| **s)
                .map(|(b, _)| u32::try_from(b).unwrap_or(u32::MAX))
                .collect(),
        }
    }

    /// IR text with the interface as leading comments.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "; server program of `{}` (Gallium partition)",
            self.program.name
        );
        let values = |vs: &[ir::ValueId]| {
            vs.iter()
                .map(|v| format!("%{}", v.0))
                .collect::<Vec<_>>()
                .join(" ")
        };
        for e in &self.entries {
            let _ = writeln!(
                s,
                "; entry {} at bb{}:{} receives [{}]",
                e.id,
                e.at.block,
                e.at.index,
                values(&e.values)
            );
        }
        for x in &self.exits {
            let _ = writeln!(
                s,
                "; exit {} before bb{} sends [{}]",
                x.id,
                x.block,
                values(&x.values)
            );
        }
        let _ = writeln!(
            s,
            "; a verdict reached on the server is sent back as exit {SERVER_VERDICT} (forward) or consumed (drop)"
        );
        let blocks: Vec<String> = self.blocks.iter().map(|b| format!("bb{b}")).collect();
        let _ = writeln!(s, "; server blocks: {}", blocks.join(" "));
        s.push_str(&ir::print(&self.program));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, partition};

    #[test]
    fn text_is_valid_ir_with_the_interface_in_comments() {
        let text = "program s

handler {
bb0:
  %0: bool = payload.starts_with \"GET\"
  br %0, bb1, bb2
bb1:
  %1: bit<16> = const 16w1
  forward %1
bb2:
  drop
}
";
        let p = ir::parse(text).expect("parses");
        let c = partition(&p, &Options::default()).expect("partitions");
        let sp = ServerProgram::of(&c);
        assert_eq!(sp.entries.len(), 1);
        assert_eq!(sp.blocks, vec![0]);
        let t = sp.text();
        assert!(t.contains("; entry 0 at bb0:0 receives []"), "{t}");
        assert!(t.contains("; exit 0 before bb1"), "{t}");
        assert_eq!(ir::parse(&t).expect("reparses"), p);
    }
}
