//! Whole-program checks: each table applied once, each register array and each
//! meter accessed at most once per packet and from one gress, egress never
//! chooses ports, write-back tables only in ingress.

use crate::error::ProgramError;
use crate::program::*;
use crate::resolved::*;

/// One register or meter access: which object (registers first, then meters:
/// `registers.len() + meter`), from where, on which control path. A path is a
/// list of (branch point, arm) pairs; two accesses are exclusive when they took
/// different arms of a common branch point.
struct Access {
    register: usize,
    gress: &'static str,
    place: String,
    path: Vec<(u32, u32)>,
}

fn exclusive(a: &[(u32, u32)], b: &[(u32, u32)]) -> bool {
    a.iter()
        .any(|(id, arm)| b.iter().any(|(id2, arm2)| id == id2 && arm != arm2))
}

struct Walker<'a> {
    p: &'a Program,
    actions: &'a [RAction],
    reg_actions: &'a [RRegAction],
    next_id: u32,
    applied: Vec<u32>,
    accesses: Vec<Access>,
    egress_forwarding: Option<String>,
    egress_wb: Option<String>,
}

impl Walker<'_> {
    fn action(&mut self, gress: &'static str, a: u16, place: String, path: &[(u32, u32)]) {
        if gress == "egress"
            && self.actions[usize::from(a)]
                .ops
                .iter()
                .any(|o| matches!(o, ROp::Forward(_) | ROp::ToCpu | ROp::Recirculate))
        {
            self.egress_forwarding.get_or_insert(place.clone());
        }
        for op in &self.actions[usize::from(a)].ops {
            let object = match op {
                ROp::RegExec { ra, .. } => usize::from(self.reg_actions[usize::from(*ra)].register),
                ROp::Meter { meter, .. } => self.p.registers.len() + usize::from(*meter),
                _ => continue,
            };
            self.accesses.push(Access {
                register: object,
                gress,
                place: place.clone(),
                path: path.to_vec(),
            });
        }
    }

    fn walk(&mut self, gress: &'static str, stmts: &[RStmt], path: &mut Vec<(u32, u32)>) {
        for s in stmts {
            let id = self.next_id;
            self.next_id += 1;
            match s {
                RStmt::Apply {
                    table,
                    on_hit,
                    on_miss,
                } => {
                    self.applied[usize::from(*table)] += 1;
                    let t = &self.p.tables[usize::from(*table)];
                    if gress == "egress" && t.write_back.is_some() {
                        self.egress_wb.get_or_insert(t.name.clone());
                    }
                    let resolved: Vec<u16> = t
                        .actions
                        .iter()
                        .filter_map(|a| {
                            self.p
                                .actions
                                .iter()
                                .position(|x| &x.name == a)
                                .map(|i| i as u16)
                        })
                        .collect();
                    for (arm, a) in resolved.into_iter().enumerate() {
                        path.push((id, arm as u32));
                        let place = format!(
                            "{gress}: table `{}` action `{}`",
                            t.name,
                            self.actions[usize::from(a)].name
                        );
                        self.action(gress, a, place, path);
                        path.pop();
                    }
                    let id2 = self.next_id;
                    self.next_id += 1;
                    path.push((id2, 0));
                    self.walk(gress, on_hit, path);
                    path.pop();
                    path.push((id2, 1));
                    self.walk(gress, on_miss, path);
                    path.pop();
                }
                RStmt::Run { action, .. } => {
                    let place =
                        format!("{gress}: run `{}`", self.actions[usize::from(*action)].name);
                    self.action(gress, *action, place, path);
                }
                RStmt::If {
                    then, otherwise, ..
                } => {
                    path.push((id, 0));
                    self.walk(gress, then, path);
                    path.pop();
                    path.push((id, 1));
                    self.walk(gress, otherwise, path);
                    path.pop();
                }
            }
        }
    }
}

/// Each table is applied at most once in the whole program, and each register array
/// is accessed at most once per packet and from one gress only.
pub(crate) fn check_single_use(
    p: &Program,
    actions: &[RAction],
    reg_actions: &[RRegAction],
    ingress: &[RStmt],
    egress: &[RStmt],
) -> Result<(), ProgramError> {
    let mut w = Walker {
        p,
        actions,
        reg_actions,
        next_id: 0,
        applied: vec![0; p.tables.len()],
        accesses: Vec::new(),
        egress_forwarding: None,
        egress_wb: None,
    };
    w.walk("ingress", ingress, &mut Vec::new());
    w.walk("egress", egress, &mut Vec::new());
    if let Some(t) = w.egress_wb {
        return Err(ProgramError::invalid(
            format!("table `{t}`"),
            "write-back tables (atomic updates) are supported in ingress only",
        ));
    }
    if let Some(place) = w.egress_forwarding {
        return Err(ProgramError::invalid(
            place,
            "the egress port is chosen in ingress; egress may only drop",
        ));
    }
    if let Some(i) = w.applied.iter().position(|&n| n > 1) {
        return Err(ProgramError::invalid(
            format!("table `{}`", p.tables[i].name),
            "applied more than once; a table has one place in the pipeline",
        ));
    }
    for (i, a) in w.accesses.iter().enumerate() {
        for b in &w.accesses[i + 1..] {
            if a.register != b.register {
                continue;
            }
            let (what, name) = match p.registers.get(a.register) {
                Some(r) => ("register", r.name.clone()),
                None => (
                    "meter",
                    p.meters
                        .get(a.register - p.registers.len())
                        .map(|m| m.name.clone())
                        .unwrap_or_default(),
                ),
            };
            if a.gress != b.gress {
                return Err(ProgramError::invalid(
                    format!("{what} `{name}`"),
                    format!(
                        "used in both ingress ({}) and egress ({}); a {what} lives in one gress",
                        a.place, b.place
                    ),
                ));
            }
            if !exclusive(&a.path, &b.path) {
                if what == "meter" {
                    return Err(ProgramError::invalid(
                        format!("meter `{name}`"),
                        format!(
                            "executed twice for one packet ({}, then {}); its stateful ALU is reached once per packet",
                            a.place, b.place
                        ),
                    ));
                }
                return Err(ProgramError::RegisterTwice {
                    register: name,
                    first: a.place.clone(),
                    second: b.place.clone(),
                });
            }
        }
    }
    Ok(())
}
