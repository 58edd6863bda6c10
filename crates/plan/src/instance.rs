//! A validated planning instance: names resolved to indices, routes computed,
//! hyperapps enumerated (CoMb §4.3).

use std::collections::{BTreeMap, HashMap};

use crate::error::{PlanError, Result};
use crate::prefix::Prefix;
use crate::routing::shortest_paths;
use crate::spec::{Amounts, Placement, Spec};

/// A reusable module.
#[derive(Debug, Clone, PartialEq)]
pub struct Module {
    /// Name.
    pub name: String,
    /// Per-session footprint per resource.
    pub footprint: Vec<f64>,
    /// Port classes it serves (empty: all).
    pub port_classes: Vec<usize>,
}

/// An application.
#[derive(Debug, Clone, PartialEq)]
pub struct App {
    /// Name.
    pub name: String,
    /// Own (non-reusable) per-session footprint per resource.
    pub own: Vec<f64>,
    /// Accelerator name, footprint with it, and whether it is required.
    pub accelerator: Option<(String, Vec<f64>, bool)>,
    /// Where it may run.
    pub placement: Placement,
    /// Modules it builds on.
    pub modules: Vec<usize>,
    /// Port classes of interest.
    pub port_classes: Vec<usize>,
    /// Prefix restriction (empty: none).
    pub prefixes: Vec<Prefix>,
}

/// A node and its box.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Name.
    pub name: String,
    /// Provisioned capacity per resource (`Prov_{n,r}`).
    pub capacity: Vec<f64>,
    /// Accelerators present.
    pub accelerators: Vec<String>,
    /// Cores.
    pub cores: u32,
}

/// A port class.
#[derive(Debug, Clone, PartialEq)]
pub struct PortClass {
    /// Name.
    pub name: String,
    /// `tcp`, `udp` or `any`.
    pub protocol: String,
    /// Server ports (empty: all).
    pub ports: Vec<u16>,
}

/// A traffic class with its route and hyperapp.
#[derive(Debug, Clone, PartialEq)]
pub struct Class {
    /// Ingress node.
    pub ingress: usize,
    /// Egress node.
    pub egress: usize,
    /// Port class.
    pub port_class: usize,
    /// Volume `|T_c|` (sessions per epoch).
    pub volume: f64,
    /// Source prefix.
    pub src: Prefix,
    /// Destination prefix.
    pub dst: Prefix,
    /// Route, ingress first.
    pub path: Vec<usize>,
    /// Its hyperapp (`None`: no application is interested).
    pub hyperapp: Option<usize>,
}

/// A hyperapp: the exact ordered set of applications a class needs, and the
/// union of their modules (each counted once: reuse, §3.2).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Hyperapp {
    /// Applications in policy order.
    pub apps: Vec<usize>,
    /// Modules used, each once.
    pub modules: Vec<usize>,
}

/// A validated instance.
#[derive(Debug, Clone, PartialEq)]
pub struct Instance {
    /// Resource names.
    pub resources: Vec<String>,
    /// Modules.
    pub modules: Vec<Module>,
    /// Applications.
    pub apps: Vec<App>,
    /// Port classes.
    pub port_classes: Vec<PortClass>,
    /// Nodes.
    pub nodes: Vec<Node>,
    /// Classes.
    pub classes: Vec<Class>,
    /// Distinct hyperapps.
    pub hyperapps: Vec<Hyperapp>,
    /// Policy order pairs `(before, after)` as given.
    pub order: Vec<(usize, usize)>,
}

fn index_names<'a>(
    kind: &str,
    names: impl Iterator<Item = &'a str>,
) -> Result<HashMap<String, usize>> {
    let mut map = HashMap::new();
    for (i, n) in names.enumerate() {
        if n.is_empty() {
            return Err(PlanError::invalid(format!("{kind}[{i}]"), "empty name"));
        }
        if map.insert(n.to_string(), i).is_some() {
            return Err(PlanError::invalid(format!("{kind} {n:?}"), "defined twice"));
        }
    }
    Ok(map)
}

fn amounts(entry: &str, res: &HashMap<String, usize>, a: &Amounts) -> Result<Vec<f64>> {
    let mut v = vec![0.0; res.len()];
    for (k, &x) in a {
        let &i = res
            .get(k)
            .ok_or_else(|| PlanError::invalid(entry, format!("unknown resource {k:?}")))?;
        if !(x.is_finite() && x >= 0.0) {
            return Err(PlanError::invalid(
                entry,
                format!("{k} = {x} must be finite and >= 0"),
            ));
        }
        v[i] = x;
    }
    Ok(v)
}

fn lookup(map: &HashMap<String, usize>, entry: &str, kind: &str, name: &str) -> Result<usize> {
    map.get(name)
        .copied()
        .ok_or_else(|| PlanError::invalid(entry, format!("unknown {kind} {name:?}")))
}

fn parse_prefix(entry: &str, s: &str) -> Result<Prefix> {
    s.parse().map_err(|e: String| PlanError::invalid(entry, e))
}

/// Default address plan: node `i` owns `10.i.0.0/16` (or `10.x.y.0/24` beyond 256 nodes).
pub fn default_prefix(node: usize, nodes: usize) -> Prefix {
    if nodes <= 256 {
        Prefix::new(0x0a00_0000 | ((node as u32) << 16), 16)
    } else {
        Prefix::new(0x0a00_0000 | (((node as u32) & 0xffff) << 8), 24)
    }
}

impl Instance {
    /// Validates `spec` and builds the instance.
    pub fn from_spec(spec: &Spec) -> Result<Instance> {
        if spec.resources.is_empty() {
            return Err(PlanError::invalid(
                "resources",
                "at least one resource is needed",
            ));
        }
        let res = index_names("resource", spec.resources.iter().map(String::as_str))?;
        let pcs = index_names(
            "port_class",
            spec.port_classes.iter().map(|p| p.name.as_str()),
        )?;
        let mods = index_names("module", spec.modules.iter().map(|m| m.name.as_str()))?;
        let apps_by = index_names("app", spec.apps.iter().map(|a| a.name.as_str()))?;
        let nodes_by = index_names("node", spec.nodes.iter().map(|n| n.name.as_str()))?;

        let port_classes = spec
            .port_classes
            .iter()
            .map(|p| {
                if !matches!(p.protocol.as_str(), "tcp" | "udp" | "any") {
                    return Err(PlanError::invalid(
                        format!("port_class {:?}", p.name),
                        format!("protocol {:?} is not tcp, udp or any", p.protocol),
                    ));
                }
                Ok(PortClass {
                    name: p.name.clone(),
                    protocol: p.protocol.clone(),
                    ports: p.ports.clone(),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let modules = spec
            .modules
            .iter()
            .map(|m| {
                let e = format!("module {:?}", m.name);
                Ok(Module {
                    name: m.name.clone(),
                    footprint: amounts(&e, &res, &m.footprint)?,
                    port_classes: m
                        .port_classes
                        .iter()
                        .map(|p| lookup(&pcs, &e, "port class", p))
                        .collect::<Result<_>>()?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let apps = spec
            .apps
            .iter()
            .map(|a| {
                let e = format!("app {:?}", a.name);
                let accelerator = match (&a.accelerator, &a.accelerated_footprint) {
                    (Some(name), Some(f)) => {
                        Some((name.clone(), amounts(&e, &res, f)?, a.accelerator_required))
                    }
                    (Some(name), None) if a.accelerator_required => {
                        Some((name.clone(), amounts(&e, &res, &a.footprint)?, true))
                    }
                    (None, Some(_)) => {
                        return Err(PlanError::invalid(
                            e,
                            "accelerated_footprint without accelerator",
                        ));
                    }
                    (None, None) if a.accelerator_required => {
                        return Err(PlanError::invalid(
                            e,
                            "accelerator_required without accelerator",
                        ));
                    }
                    _ => None,
                };
                Ok(App {
                    name: a.name.clone(),
                    own: amounts(&e, &res, &a.footprint)?,
                    accelerator,
                    placement: a.placement,
                    modules: a
                        .modules
                        .iter()
                        .map(|m| lookup(&mods, &e, "module", m))
                        .collect::<Result<_>>()?,
                    port_classes: a
                        .port_classes
                        .iter()
                        .map(|p| lookup(&pcs, &e, "port class", p))
                        .collect::<Result<_>>()?,
                    prefixes: a
                        .prefixes
                        .iter()
                        .map(|p| parse_prefix(&e, p))
                        .collect::<Result<_>>()?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let app_rank = policy_rank(spec, &apps_by)?;
        let order = spec
            .order
            .iter()
            .filter_map(|[a, b]| Some((*apps_by.get(a)?, *apps_by.get(b)?)))
            .collect();
        let nodes = spec
            .nodes
            .iter()
            .map(|n| {
                let e = format!("node {:?}", n.name);
                if n.cores == 0 {
                    return Err(PlanError::invalid(e, "cores must be at least 1"));
                }
                Ok(Node {
                    name: n.name.clone(),
                    capacity: amounts(&e, &res, &n.capacity)?,
                    accelerators: n.accelerators.clone(),
                    cores: n.cores,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let routes = shortest_paths(spec, &nodes_by)?;

        let mut hyper_ids: BTreeMap<Hyperapp, usize> = BTreeMap::new();
        let mut hyperapps = Vec::new();
        let mut classes = Vec::with_capacity(spec.classes.len());
        for (i, c) in spec.classes.iter().enumerate() {
            let e = format!("class[{i}] ({}->{} {})", c.ingress, c.egress, c.port_class);
            let ingress = lookup(&nodes_by, &e, "node", &c.ingress)?;
            let egress = lookup(&nodes_by, &e, "node", &c.egress)?;
            let port_class = lookup(&pcs, &e, "port class", &c.port_class)?;
            if !(c.volume.is_finite() && c.volume >= 0.0) {
                return Err(PlanError::invalid(
                    e,
                    format!("volume {} must be finite and >= 0", c.volume),
                ));
            }
            let src = match &c.src_prefix {
                Some(p) => parse_prefix(&e, p)?,
                None => default_prefix(ingress, nodes.len()),
            };
            let dst = match &c.dst_prefix {
                Some(p) => parse_prefix(&e, p)?,
                None => default_prefix(egress, nodes.len()),
            };
            let path = routes.get(&(ingress, egress)).cloned().ok_or_else(|| {
                PlanError::invalid(&e, format!("no path from {} to {}", c.ingress, c.egress))
            })?;
            let hyperapp =
                hyperapp_for(&apps, &modules, &app_rank, port_class, src, dst).map(|h| {
                    *hyper_ids.entry(h.clone()).or_insert_with(|| {
                        hyperapps.push(h);
                        hyperapps.len() - 1
                    })
                });
            classes.push(Class {
                ingress,
                egress,
                port_class,
                volume: c.volume,
                src,
                dst,
                path,
                hyperapp,
            });
        }
        Ok(Instance {
            resources: spec.resources.clone(),
            modules,
            apps,
            port_classes,
            nodes,
            classes,
            hyperapps,
            order,
        })
    }

    /// Own footprint of `app` on `node`: accelerated where the accelerator is
    /// present, infinite where it is required but missing.
    pub fn app_own(&self, app: usize, node: usize) -> Vec<f64> {
        let a = &self.apps[app];
        match &a.accelerator {
            Some((acc, f, _)) if self.nodes[node].accelerators.contains(acc) => f.clone(),
            Some((_, _, true)) => vec![f64::INFINITY; a.own.len()],
            _ => a.own.clone(),
        }
    }

    /// Modules `app` uses on `port_class`.
    pub fn app_modules(&self, app: usize, port_class: usize) -> Vec<usize> {
        self.apps[app]
            .modules
            .iter()
            .copied()
            .filter(|&m| module_serves(&self.modules[m], port_class))
            .collect()
    }

    /// `F_{h,r,n}` with module reuse: own footprints of the apps plus each module once.
    /// Without reuse (`reuse = false`) every app pays for its own modules.
    pub fn hyperapp_footprint(
        &self,
        h: usize,
        node: usize,
        port_class: usize,
        reuse: bool,
    ) -> Vec<f64> {
        let hyp = &self.hyperapps[h];
        let mut f = vec![0.0; self.resources.len()];
        for &a in &hyp.apps {
            add(&mut f, &self.app_own(a, node));
            if !reuse {
                for m in self.app_modules(a, port_class) {
                    add(&mut f, &self.modules[m].footprint);
                }
            }
        }
        if reuse {
            for &m in &hyp.modules {
                add(&mut f, &self.modules[m].footprint);
            }
        }
        f
    }

    /// Standalone footprint of one application on a class (own + all its modules).
    pub fn standalone_footprint(&self, app: usize, node: usize, port_class: usize) -> Vec<f64> {
        let mut f = self.app_own(app, node);
        for m in self.app_modules(app, port_class) {
            add(&mut f, &self.modules[m].footprint);
        }
        f
    }

    /// Readable hyperapp label: apps in policy order, then the modules it runs,
    /// e.g. `flowmon>ids [session]` (same apps with other modules is another hyperapp).
    pub fn hyperapp_label(&self, h: usize) -> String {
        let hyp = &self.hyperapps[h];
        let names: Vec<&str> = hyp
            .apps
            .iter()
            .map(|&a| self.apps[a].name.as_str())
            .collect();
        let mods: Vec<&str> = hyp
            .modules
            .iter()
            .map(|&m| self.modules[m].name.as_str())
            .collect();
        format!("{} [{}]", names.join(">"), mods.join(","))
    }
}

fn add(acc: &mut [f64], x: &[f64]) {
    for (a, b) in acc.iter_mut().zip(x) {
        *a += b;
    }
}

fn module_serves(m: &Module, port_class: usize) -> bool {
    m.port_classes.is_empty() || m.port_classes.contains(&port_class)
}

/// The hyperapp of a class: every app interested in it, in policy order, and the
/// union of their modules that serve this port class.
fn hyperapp_for(
    apps: &[App],
    modules: &[Module],
    rank: &[usize],
    port_class: usize,
    src: Prefix,
    dst: Prefix,
) -> Option<Hyperapp> {
    let mut members: Vec<usize> = (0..apps.len())
        .filter(|&a| {
            let app = &apps[a];
            app.port_classes.contains(&port_class)
                && (app.prefixes.is_empty()
                    || app
                        .prefixes
                        .iter()
                        .any(|p| p.contains(src) || p.contains(dst)))
        })
        .collect();
    if members.is_empty() {
        return None;
    }
    members.sort_by_key(|&a| rank[a]);
    let mut mods: Vec<usize> = members
        .iter()
        .flat_map(|&a| apps[a].modules.iter().copied())
        .filter(|&m| module_serves(&modules[m], port_class))
        .collect();
    mods.sort_unstable();
    mods.dedup();
    Some(Hyperapp {
        apps: members,
        modules: mods,
    })
}

/// Position of every app in one topological order of the policy relation (reverse
/// DFS post-order from apps in spec order, so deterministic); an order cycle is an
/// error naming the cycle.
fn policy_rank(spec: &Spec, apps: &HashMap<String, usize>) -> Result<Vec<usize>> {
    let n = spec.apps.len();
    let mut succ = vec![Vec::new(); n];
    for (i, [a, b]) in spec.order.iter().enumerate() {
        let e = format!("order[{i}]");
        let a = lookup(apps, &e, "app", a)?;
        let b = lookup(apps, &e, "app", b)?;
        succ[a].push(b);
    }
    // Depth-first search with colours; a grey successor closes a cycle.
    let mut colour = vec![0u8; n];
    let mut post = Vec::with_capacity(n);
    for root in 0..n {
        if colour[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        colour[root] = 1;
        while let Some(&mut (v, ref mut k)) = stack.last_mut() {
            if let Some(&w) = succ[v].get(*k) {
                *k += 1;
                match colour[w] {
                    0 => {
                        colour[w] = 1;
                        stack.push((w, 0));
                    }
                    1 => {
                        let from = stack.iter().position(|&(x, _)| x == w).unwrap_or(0);
                        let cycle = stack[from..]
                            .iter()
                            .map(|&(x, _)| spec.apps[x].name.clone())
                            .collect();
                        return Err(PlanError::OrderCycle { cycle });
                    }
                    _ => {}
                }
            } else {
                colour[v] = 2;
                post.push(v);
                stack.pop();
            }
        }
    }
    let mut rank = vec![0; n];
    for (pos, &v) in post.iter().rev().enumerate() {
        rank[v] = pos;
    }
    Ok(rank)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;

    fn err_of(spec: &Spec) -> String {
        Instance::from_spec(spec)
            .expect_err("must be rejected")
            .to_string()
    }

    #[test]
    fn bad_specs_name_the_entry() {
        let good = fixtures::fig3([1.0, 1.0, 1.0]);
        assert!(Instance::from_spec(&good).is_ok());

        let mut s = good.clone();
        s.classes[1].volume = -2.0;
        let e = err_of(&s);
        assert!(
            e.contains("class[1] (N2->N3 all)") && e.contains("volume"),
            "{e}"
        );

        let mut s = good.clone();
        s.links.pop(); // N3 is cut off
        let e = err_of(&s);
        assert!(e.contains("class[1]") && e.contains("no path"), "{e}");

        let mut s = good.clone();
        s.classes[0].port_class = "web".into();
        let e = err_of(&s);
        assert!(e.contains("class[0]") && e.contains("\"web\""), "{e}");

        let mut s = good.clone();
        s.apps[0].footprint.insert("gpu".into(), 1.0);
        let e = err_of(&s);
        assert!(e.contains("app \"ids\"") && e.contains("gpu"), "{e}");

        let mut s = good;
        s.apps.push(s.apps[0].clone());
        assert!(err_of(&s).contains("defined twice"));
    }

    #[test]
    fn order_cycle_is_named() {
        let mut s = fixtures::paper_line(3, 10.0, |_, _| 1.0);
        s.order.push(["lb".into(), "flowmon".into()]);
        let e = err_of(&s);
        for app in ["flowmon", "ids", "cache", "lb"] {
            assert!(e.contains(app), "{e}");
        }
        assert!(e.contains("cycle"), "{e}");
    }

    #[test]
    fn hyperapps_follow_policy_and_reuse_modules() {
        let s = fixtures::paper_line(2, 10.0, |_, _| 1.0);
        let inst = Instance::from_spec(&s).expect("valid");
        // 4 port classes, 4 distinct hyperapps (http, nfs, tftp, other).
        assert_eq!(inst.hyperapps.len(), 4);
        let http = inst
            .classes
            .iter()
            .find(|c| inst.port_classes[c.port_class].name == "http")
            .expect("http class");
        let h = http.hyperapp.expect("apps want http");
        assert_eq!(
            inst.hyperapp_label(h),
            "flowmon>ids>cache>lb [session,http]"
        );
        // By hand: own 0.37 + 2.85 + 2.0 + 0.32, plus session 1 and HTTP 1.35 once.
        let with = inst.hyperapp_footprint(h, 0, http.port_class, true)[0];
        assert!((with - 7.89).abs() < 1e-9, "{with}");
        // Without reuse each app pays its modules: 1.37 + 3.85 + 4.35 + 2.67.
        let without = inst.hyperapp_footprint(h, 0, http.port_class, false)[0];
        assert!((without - 12.24).abs() < 1e-9, "{without}");
        let other = inst
            .classes
            .iter()
            .find(|c| inst.port_classes[c.port_class].name == "other")
            .expect("other");
        assert_eq!(
            inst.hyperapp_label(other.hyperapp.expect("some")),
            "flowmon>ids [session]"
        );
    }

    #[test]
    fn paper_reuse_example_saves_22_5_percent() {
        // §3.2: IDS and proxy, 1 unit per packet each, half of it common session
        // work; 10 UDP (IDS only) and 45 HTTP (both): 100 units standalone, 77.5 reused.
        let toml = r#"
resources = ["cpu"]
[[module]]
name = "session"
footprint = { cpu = 0.5 }
[[app]]
name = "ids"
port_classes = ["udp", "http"]
modules = ["session"]
footprint = { cpu = 0.5 }
[[app]]
name = "proxy"
port_classes = ["http"]
modules = ["session"]
footprint = { cpu = 0.5 }
[[port_class]]
name = "udp"
[[port_class]]
name = "http"
[[node]]
name = "A"
[[class]]
ingress = "A"
egress = "A"
port_class = "udp"
volume = 10.0
[[class]]
ingress = "A"
egress = "A"
port_class = "http"
volume = 45.0
"#;
        let inst =
            Instance::from_spec(&Spec::from_toml(toml, "t").expect("parses")).expect("valid");
        let total = |reuse| -> f64 {
            inst.classes
                .iter()
                .map(|c| {
                    c.volume
                        * inst.hyperapp_footprint(
                            c.hyperapp.expect("wanted"),
                            0,
                            c.port_class,
                            reuse,
                        )[0]
                })
                .sum()
        };
        assert!((total(false) - 100.0).abs() < 1e-9);
        assert!((total(true) - 77.5).abs() < 1e-9);
    }
}
