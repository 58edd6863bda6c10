//! Free-format MPS export and import of an [`LpModel`].
//!
//! Format written (the "free MPS" dialect HiGHS, CPLEX, Gurobi, GLPK and CBC read):
//!
//! ```text
//! NAME <model>
//! ROWS
//!  N  OBJ
//!  L|G|E|N <row>            one per row: L = `<= hi`, G = `>= lo`, E = `= lo`, N = free
//! COLUMNS
//!     <col> <row> <value>   objective entries use row OBJ
//! RHS
//!     RHS <row> <value>
//! RANGES
//!     RNG <row> <hi - lo>   only for rows bounded on both sides (written as L rows)
//! BOUNDS
//!  FR|MI|LO|UP|FX BND <col> [<value>]   default bounds are [0, +inf)
//! ENDATA
//! ```
//!
//! Names are the model's names with whitespace replaced by `_`. Numbers are written
//! with Rust's shortest round-trip formatting, so reading a written file gives back
//! exactly the same model (a property test checks this).

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::error::{PlanError, Result};
use crate::lp::LpModel;

const OBJ: &str = "OBJ";

fn clean(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}

/// Writes `model` as free-format MPS.
pub fn write_mps(model: &LpModel) -> String {
    let mut out = String::new();
    let name = if model.name.is_empty() {
        "model".to_string()
    } else {
        clean(&model.name)
    };
    let _ = writeln!(out, "NAME {name}");
    out.push_str("ROWS\n N  OBJ\n");
    for r in &model.rows {
        let kind = if r.lo == r.hi {
            'E'
        } else if r.hi.is_finite() {
            'L'
        } else if r.lo.is_finite() {
            'G'
        } else {
            'N'
        };
        let _ = writeln!(out, " {kind}  {}", clean(&r.name));
    }
    // Column-major entries: gather each column's rows first.
    let mut by_col: Vec<Vec<(usize, f64)>> = vec![Vec::new(); model.columns.len()];
    for (i, r) in model.rows.iter().enumerate() {
        for &(j, k) in &r.coefs {
            if let Some(v) = by_col.get_mut(j) {
                v.push((i, k));
            }
        }
    }
    out.push_str("COLUMNS\n");
    for (j, c) in model.columns.iter().enumerate() {
        let cname = clean(&c.name);
        // A column without entries is still declared, through its objective entry.
        if c.cost != 0.0 || by_col[j].is_empty() {
            let _ = writeln!(out, "    {cname} {OBJ} {}", c.cost);
        }
        for &(i, k) in &by_col[j] {
            let _ = writeln!(out, "    {cname} {} {k}", clean(&model.rows[i].name));
        }
    }
    out.push_str("RHS\n");
    for r in &model.rows {
        let rhs = if r.hi.is_finite() { r.hi } else { r.lo };
        if rhs.is_finite() && rhs != 0.0 {
            let _ = writeln!(out, "    RHS {} {rhs}", clean(&r.name));
        }
    }
    out.push_str("RANGES\n");
    for r in &model.rows {
        if r.lo.is_finite() && r.hi.is_finite() && r.lo != r.hi {
            let _ = writeln!(out, "    RNG {} {}", clean(&r.name), r.hi - r.lo);
        }
    }
    out.push_str("BOUNDS\n");
    for c in &model.columns {
        let n = clean(&c.name);
        if c.lo == c.hi {
            let _ = writeln!(out, " FX BND {n} {}", c.lo);
            continue;
        }
        match (c.lo.is_finite(), c.hi.is_finite()) {
            (false, false) => {
                let _ = writeln!(out, " FR BND {n}");
            }
            (false, true) => {
                let _ = writeln!(out, " MI BND {n}");
            }
            _ if c.lo != 0.0 => {
                let _ = writeln!(out, " LO BND {n} {}", c.lo);
            }
            _ => {}
        }
        if c.hi.is_finite() {
            let _ = writeln!(out, " UP BND {n} {}", c.hi);
        }
    }
    out.push_str("ENDATA\n");
    out
}

#[derive(Clone, Copy, PartialEq)]
enum Section {
    None,
    Rows,
    Columns,
    Rhs,
    Ranges,
    Bounds,
    End,
}

/// Reads a free-format MPS file (the subset [`write_mps`] writes, plus comments and
/// blank lines) back into a model. Rows are `lo <= a·x <= hi` as in [`LpModel`].
pub fn read_mps(text: &str) -> Result<LpModel> {
    let mut model = LpModel::default();
    let mut kinds: Vec<char> = Vec::new();
    let mut rows: HashMap<String, usize> = HashMap::new();
    let mut cols: HashMap<String, usize> = HashMap::new();
    let mut obj_name: Option<String> = None;
    let mut section = Section::None;
    for (ln, raw) in text.lines().enumerate() {
        let line = ln + 1;
        let err = |message: String| PlanError::Mps { line, message };
        if raw.trim().is_empty() || raw.starts_with('*') {
            continue;
        }
        let f: Vec<&str> = raw.split_whitespace().collect();
        if !raw.starts_with(' ') && !raw.starts_with('\t') {
            section = match f[0] {
                "NAME" => {
                    model.name = f.get(1).unwrap_or(&"").to_string();
                    Section::None
                }
                "ROWS" => Section::Rows,
                "COLUMNS" => Section::Columns,
                "RHS" => Section::Rhs,
                "RANGES" => Section::Ranges,
                "BOUNDS" => Section::Bounds,
                "ENDATA" => Section::End,
                other => return Err(err(format!("unknown section {other:?}"))),
            };
            continue;
        }
        let num = |s: &str| -> Result<f64> {
            s.parse::<f64>()
                .ok()
                .filter(|v| !v.is_nan())
                .ok_or_else(|| err(format!("bad number {s:?}")))
        };
        match section {
            Section::Rows => {
                let [kind, name] = f[..] else {
                    return Err(err("ROWS entry needs a type and a name".into()));
                };
                let kind = match kind {
                    "N" | "L" | "G" | "E" => kind.chars().next().unwrap_or('N'),
                    other => return Err(err(format!("unknown row type {other:?}"))),
                };
                if kind == 'N' && obj_name.is_none() {
                    obj_name = Some(name.to_string());
                    continue;
                }
                if rows.insert(name.to_string(), model.rows.len()).is_some() {
                    return Err(err(format!("row {name:?} declared twice")));
                }
                let (lo, hi) = match kind {
                    'L' => (f64::NEG_INFINITY, 0.0),
                    'G' => (0.0, f64::INFINITY),
                    'E' => (0.0, 0.0),
                    _ => (f64::NEG_INFINITY, f64::INFINITY),
                };
                kinds.push(kind);
                model.add_row(name, lo, hi, Vec::new());
            }
            Section::Columns => {
                if f.len() != 3 && f.len() != 5 {
                    return Err(err(
                        "COLUMNS entry needs column, row, value [, row, value]".into()
                    ));
                }
                if f.contains(&"'MARKER'") {
                    return Err(err("integer markers are not supported (LP only)".into()));
                }
                let j = match cols.get(f[0]) {
                    Some(&j) => j,
                    None => {
                        let j = model.add_column(f[0], 0.0, f64::INFINITY, 0.0);
                        cols.insert(f[0].to_string(), j);
                        j
                    }
                };
                for pair in f[1..].chunks(2) {
                    let v = num(pair[1])?;
                    if Some(pair[0]) == obj_name.as_deref() {
                        model.columns[j].cost = v;
                    } else {
                        let &i = rows
                            .get(pair[0])
                            .ok_or_else(|| err(format!("unknown row {:?}", pair[0])))?;
                        model.rows[i].coefs.push((j, v));
                    }
                }
            }
            Section::Rhs | Section::Ranges => {
                if f.len() != 3 && f.len() != 5 {
                    return Err(err("entry needs set name, row, value [, row, value]".into()));
                }
                for pair in f[1..].chunks(2) {
                    let v = num(pair[1])?;
                    if Some(pair[0]) == obj_name.as_deref() {
                        continue; // objective constant: not part of the optimum's argmin
                    }
                    let &i = rows
                        .get(pair[0])
                        .ok_or_else(|| err(format!("unknown row {:?}", pair[0])))?;
                    let r = &mut model.rows[i];
                    if section == Section::Rhs {
                        match kinds[i] {
                            'L' => r.hi = v,
                            'G' => r.lo = v,
                            'E' => (r.lo, r.hi) = (v, v),
                            _ => {}
                        }
                    } else {
                        // MPS range semantics for each row type.
                        match kinds[i] {
                            'L' => r.lo = r.hi - v.abs(),
                            'G' => r.hi = r.lo + v.abs(),
                            'E' if v >= 0.0 => r.hi = r.lo + v,
                            'E' => r.lo = r.hi + v,
                            _ => {}
                        }
                    }
                }
            }
            Section::Bounds => {
                if f.len() < 3 {
                    return Err(err("BOUNDS entry needs type, set name, column".into()));
                }
                let &j = cols
                    .get(f[2])
                    .ok_or_else(|| err(format!("unknown column {:?}", f[2])))?;
                let value = || -> Result<f64> {
                    f.get(3)
                        .ok_or_else(|| err(format!("bound {} needs a value", f[0])))
                        .and_then(|s| num(s))
                };
                let c = &mut model.columns[j];
                match f[0] {
                    "FR" => (c.lo, c.hi) = (f64::NEG_INFINITY, f64::INFINITY),
                    "MI" => c.lo = f64::NEG_INFINITY,
                    "PL" => c.hi = f64::INFINITY,
                    "LO" => c.lo = value()?,
                    "UP" => c.hi = value()?,
                    "FX" => {
                        let v = value()?;
                        (c.lo, c.hi) = (v, v);
                    }
                    other => return Err(err(format!("unsupported bound type {other:?}"))),
                }
            }
            Section::None | Section::End => {
                return Err(err("data line outside a section".into()));
            }
        }
    }
    if section != Section::End {
        return Err(PlanError::Mps {
            // The last line (line 1 of an empty file: there is no line 0).
            line: text.lines().count().max(1),
            message: "missing ENDATA".into(),
        });
    }
    Ok(model)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lp::Solver;
    use proptest::prelude::*;

    fn bound() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(f64::NEG_INFINITY),
            Just(f64::INFINITY),
            Just(0.0),
            -100.0f64..100.0
        ]
    }

    fn model() -> impl Strategy<Value = LpModel> {
        (1usize..6, 0usize..6).prop_flat_map(|(nc, nr)| {
            let cols = proptest::collection::vec((bound(), bound(), -10.0f64..10.0), nc);
            let rows = proptest::collection::vec(
                (
                    bound(),
                    bound(),
                    proptest::collection::btree_map(0..nc, -5.0f64..5.0, 0..=nc),
                ),
                nr,
            );
            (cols, rows).prop_map(|(cols, rows)| {
                let mut m = LpModel::new("p t");
                for (j, (a, b, cost)) in cols.into_iter().enumerate() {
                    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
                    let (lo, hi) = if lo == f64::INFINITY {
                        (0.0, hi)
                    } else {
                        (lo, hi)
                    };
                    let hi = if hi == f64::NEG_INFINITY { 0.0 } else { hi };
                    m.add_column(format!("x{j}"), lo, hi, cost);
                }
                for (i, (a, b, coefs)) in rows.into_iter().enumerate() {
                    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
                    let (lo, hi) = if lo == f64::INFINITY {
                        (0.0, hi)
                    } else {
                        (lo, hi)
                    };
                    let hi = if hi == f64::NEG_INFINITY { 0.0 } else { hi };
                    m.add_row(format!("r{i}"), lo, hi, coefs.into_iter().collect());
                }
                m
            })
        })
    }

    proptest! {
        /// Writing then reading gives back the same model (names cleaned).
        #[test]
        fn round_trip(m in model()) {
            let back = read_mps(&write_mps(&m)).expect("reads what it wrote");
            prop_assert_eq!(back.name.as_str(), "p_t");
            prop_assert_eq!(&back.columns, &m.columns);
            prop_assert_eq!(back.rows.len(), m.rows.len());
            for (a, b) in back.rows.iter().zip(&m.rows) {
                prop_assert_eq!(&a.name, &b.name);
                prop_assert_eq!(&a.coefs, &b.coefs);
                // Two-sided rows go through `hi - (hi - lo)`, exact to rounding.
                prop_assert!(a.lo == b.lo || (a.lo - b.lo).abs() < 1e-9);
                prop_assert!(a.hi == b.hi || (a.hi - b.hi).abs() < 1e-9);
            }
        }

        /// The reader never panics on arbitrary text.
        #[test]
        fn reader_never_panics(s in "(NAME|ROWS|COLUMNS|RHS|RANGES|BOUNDS|ENDATA| N| L| E| G| UP| FX| x| r| 1| -2.5|\n| ){0,60}") {
            let _ = read_mps(&s);
        }
    }

    #[test]
    fn known_file_solves_to_known_optimum() {
        // min -x - 2y - z s.t. 3x + y <= 6, y + 2z in [1, 7], x <= 1: optimum -12.5
        // at y = 6, z = 0.5 (x = 0: x costs one unit per three units of y).
        let text = "NAME t\nROWS\n N OBJ\n L c1\n L c2\nCOLUMNS\n    x OBJ -1 c1 3\n    \
                    y OBJ -2 c1 1\n    y c2 1\n    z OBJ -1 c2 2\nRHS\n    RHS c1 6 c2 7\n\
                    RANGES\n    RNG c2 6\nBOUNDS\n UP BND x 1\nENDATA\n";
        let m = read_mps(text).expect("parses");
        assert_eq!(m.rows[1].lo, 1.0);
        assert_eq!(m.columns[0].hi, 1.0);
        let s = m.solve(Solver::Microlp).expect("solves");
        assert!((s.objective + 12.5).abs() < 1e-9);
    }

    #[test]
    fn errors_name_the_line() {
        let e = read_mps("NAME t\nROWS\n N OBJ\nCOLUMNS\n    x nope 1\nENDATA\n");
        match e {
            Err(PlanError::Mps { line, message }) => {
                assert_eq!(line, 5);
                assert!(message.contains("nope"));
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(read_mps("NAME t\nROWS\n").is_err(), "missing ENDATA");
    }

    /// Regression (found by tests/robustness.rs): an empty file was reported at
    /// line 0, which no editor can go to.
    #[test]
    fn missing_endata_of_an_empty_file_is_at_line_one() {
        for (text, at) in [("", 1), ("NAME t\nROWS\n", 2)] {
            match read_mps(text) {
                Err(PlanError::Mps { line, message }) => {
                    assert_eq!((line, message.as_str()), (at, "missing ENDATA"));
                }
                other => panic!("unexpected {other:?}"),
            }
        }
    }
}
