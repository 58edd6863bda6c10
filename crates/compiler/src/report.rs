//! `partition.json` and the compiler-style summary.

use crate::context::Compilation;
use crate::model::{DepKind, Label, Placement};
use serde_json::{Value, json};

/// Operation counts by label.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Operations (instructions and terminators).
    pub operations: usize,
    /// Operations with a `pre` label.
    pub pre: usize,
    /// Operations with a `server` label.
    pub server: usize,
    /// Operations with a `post` label.
    pub post: usize,
    /// Operations the switch runs on every path that reaches them (no `server` label).
    pub switch_only: usize,
    /// Operations only the server runs.
    pub server_only: usize,
}

impl Counts {
    /// Counts of a compilation.
    pub fn of(c: &Compilation) -> Counts {
        let mut n = Counts::default();
        for op in &c.ops {
            n.operations += 1;
            let has = |l| op.labels.contains(&l);
            n.pre += usize::from(has(Label::Pre));
            n.server += usize::from(has(Label::Server));
            n.post += usize::from(has(Label::Post));
            n.switch_only += usize::from(!has(Label::Server));
            n.server_only += usize::from(op.labels == [Label::Server]);
        }
        n
    }

    /// Share of operations the switch runs on every path (0..=1).
    pub fn offloaded_share(&self) -> f64 {
        if self.operations == 0 {
            0.0
        } else {
            self.switch_only as f64 / self.operations as f64
        }
    }
}

/// `partition.json`: program, counts, states, every operation with its labels,
/// dependencies, punt/resume points, transfer layouts, warnings, the switch
/// objects and the resource checker's per-stage report on them (state memory
/// only; `tandem compile` adds the lowered program's report).
pub fn partition_json(c: &Compilation) -> Value {
    let resources = match crate::tables::state_resources(c) {
        Ok(r) => json!({ "scope": "switch tables and registers only", "report": r }),
        Err(e) => json!({ "scope": "switch tables and registers only", "error": e }),
    };
    let counts = Counts::of(c);
    let dep_count = |k: DepKind| c.deps.iter().filter(|d| d.kind == k).count();
    let edges: Vec<String> = c
        .deps
        .iter()
        .map(|d| {
            format!(
                "bb{}:{} -> bb{}:{} {}",
                d.from.block,
                d.from.index,
                d.to.block,
                d.to.index,
                serde_json::to_value(d.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default()
            )
        })
        .collect();
    json!({
        "program": c.program.name,
        "counts": {
            "operations": counts.operations,
            "pre": counts.pre,
            "server": counts.server,
            "post": counts.post,
            "switch_only": counts.switch_only,
            "server_only": counts.server_only,
            "offloaded_share": (counts.offloaded_share() * 1000.0).round() / 1000.0,
        },
        "states": c.states,
        "operations": c.ops,
        "dependencies": {
            "data": dep_count(DepKind::Data),
            "control": dep_count(DepKind::Control),
            "header": dep_count(DepKind::Header),
            "state": dep_count(DepKind::State),
            "edges": edges,
        },
        "punt_points": c.punts,
        "resume_points": c.resumes,
        "transfer_layouts": c.layouts,
        "warnings": c.warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "switch_objects": crate::tables::switch_objects(c),
        "resources": resources,
    })
}

/// A compiler-style summary: warnings first, then one line per fact.
pub fn summary(c: &Compilation) -> String {
    use std::fmt::Write;
    let counts = Counts::of(c);
    let mut s = String::new();
    for w in &c.warnings {
        let _ = writeln!(s, "warning: {w}");
    }
    let _ = writeln!(
        s,
        "{}: {} operations: {} pre, {} server, {} post; {} never leave the switch ({:.0}%)",
        c.program.name,
        counts.operations,
        counts.pre,
        counts.server,
        counts.post,
        counts.switch_only,
        counts.offloaded_share() * 100.0
    );
    for st in &c.states {
        let place = match st.placement {
            Placement::SwitchTable => "switch table",
            Placement::Replicated => "server, replicated to a switch table",
            Placement::SwitchRegister => "switch register",
            Placement::Server => "server",
        };
        let _ = writeln!(s, "  state @{} ({}): {place}", st.name, st.kind);
    }
    match c.layouts.iter().map(|l| l.bytes as usize).max() {
        None => {
            let _ = writeln!(s, "  every packet stays on the switch (no punt points)");
        }
        Some(max) => {
            let _ = writeln!(
                s,
                "  {} punt point(s), {} resume point(s); largest transfer header {} bytes",
                c.punts.len(),
                c.resumes.len(),
                max + wire::transfer::HEADER_LEN
            );
        }
    }
    s
}
