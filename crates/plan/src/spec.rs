//! The planner's input file: AppSpec, NetworkSpec and BoxSpec of CoMb §4.1 in one
//! TOML (or JSON) document. Parsing is strict (`deny_unknown_fields`); semantic
//! checks live in [`crate::instance`].
//!
//! # Format (TOML; JSON has the same keys)
//!
//! ```toml
//! resources = ["cpu"]                       # resource names, in report order
//!
//! [[module]]                                # reusable modules (§3.2, Fig. 2)
//! name = "session"
//! footprint = { cpu = 1.0 }                 # per session, per resource
//! port_classes = []                         # optional: only used for these port classes
//!
//! [[app]]                                   # AppSpec
//! name = "ids"
//! port_classes = ["http", "other"]          # traffic of interest, by port class
//! prefixes = ["10.0.0.0/8"]                 # optional: classes whose src or dst is inside
//! modules = ["session"]                     # reusable modules it builds on
//! footprint = { cpu = 2.85 }                # its own (non-reusable) action, per session
//! placement = "anywhere"                    # or "ingress" (topologically constrained)
//! accelerator = "dpi"                       # optional: accelerator and footprint with it
//! accelerated_footprint = { cpu = 1.0 }
//! accelerator_required = false              # strict: never runs where it is missing
//!
//! order = [["flowmon", "ids"]]              # policy order: flowmon before ids
//!
//! [[port_class]]                            # NetworkSpec: application port classes
//! name = "http"
//! protocol = "tcp"                          # tcp, udp or any
//! ports = [80, 8080]                        # empty = every port
//!
//! [[node]]                                  # NetworkSpec node + BoxSpec
//! name = "A"
//! capacity = { cpu = 100.0 }                # Prov_{n,r}; 0 or absent = no box here
//! accelerators = ["dpi"]
//! cores = 8                                 # for the hyperapp-to-core LP (§5.2)
//!
//! [[link]]
//! a = "A"
//! b = "B"
//! weight = 1.0                              # routing metric (shortest paths)
//!
//! [[path]]                                  # optional explicit route for a pair
//! ingress = "A"
//! egress = "B"
//! nodes = ["A", "C", "B"]
//!
//! [[class]]                                 # traffic class: pair x port class
//! ingress = "A"
//! egress = "B"
//! port_class = "http"
//! volume = 120.0                            # sessions per epoch
//! src_prefix = "10.0.0.0/16"                # optional; default per ingress node
//! dst_prefix = "10.1.0.0/16"                # optional; default per egress node
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{PlanError, Result};

/// Per-resource amounts, by resource name.
pub type Amounts = BTreeMap<String, f64>;

/// The whole input document.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// Resource names (e.g. `cpu`, `memory`).
    pub resources: Vec<String>,
    /// Reusable modules.
    #[serde(default, rename = "module")]
    pub modules: Vec<ModuleSpec>,
    /// Applications.
    #[serde(default, rename = "app")]
    pub apps: Vec<AppSpec>,
    /// Policy order pairs `[before, after]`.
    #[serde(default)]
    pub order: Vec<[String; 2]>,
    /// Port classes.
    #[serde(default, rename = "port_class")]
    pub port_classes: Vec<PortClassSpec>,
    /// Nodes with their boxes.
    #[serde(default, rename = "node")]
    pub nodes: Vec<NodeSpec>,
    /// Undirected links.
    #[serde(default, rename = "link")]
    pub links: Vec<LinkSpec>,
    /// Explicit routes (override shortest paths).
    #[serde(default, rename = "path")]
    pub paths: Vec<PathSpec>,
    /// Traffic classes.
    #[serde(default, rename = "class")]
    pub classes: Vec<ClassSpec>,
}

/// A reusable module (session reconstruction, a protocol parser).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleSpec {
    /// Unique name.
    pub name: String,
    /// Per-session footprint.
    pub footprint: Amounts,
    /// Port classes on which it runs (empty: all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub port_classes: Vec<String>,
}

/// Where an application may run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Placement {
    /// Anywhere on the class's path (spatially distributable).
    #[default]
    Anywhere,
    /// Only at the ingress of each path (§7.3 "topological constraints").
    Ingress,
}

/// One middlebox application.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppSpec {
    /// Unique name.
    pub name: String,
    /// Port classes of interest.
    pub port_classes: Vec<String>,
    /// Optional prefixes: only classes whose source or destination lies inside one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prefixes: Vec<String>,
    /// Reusable modules it depends on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modules: Vec<String>,
    /// Its own per-session footprint.
    pub footprint: Amounts,
    /// Where it may run.
    #[serde(default)]
    pub placement: Placement,
    /// Accelerator it can use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accelerator: Option<String>,
    /// Own footprint on a node with the accelerator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accelerated_footprint: Option<Amounts>,
    /// Whether it cannot run at all without the accelerator.
    #[serde(default)]
    pub accelerator_required: bool,
}

/// A set of application ports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortClassSpec {
    /// Unique name.
    pub name: String,
    /// `tcp`, `udp` or `any`.
    #[serde(default = "any_proto")]
    pub protocol: String,
    /// Server ports (empty: all).
    #[serde(default)]
    pub ports: Vec<u16>,
}

fn any_proto() -> String {
    "any".into()
}

/// A network node and the box there.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    /// Unique name.
    pub name: String,
    /// Provisioned capacity per resource.
    #[serde(default)]
    pub capacity: Amounts,
    /// Accelerators present.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerators: Vec<String>,
    /// Processing cores (hyperapp-to-core LP).
    #[serde(default = "one")]
    pub cores: u32,
}

fn one() -> u32 {
    1
}

/// An undirected link.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    /// One end.
    pub a: String,
    /// Other end.
    pub b: String,
    /// Routing metric (positive).
    #[serde(default = "unit")]
    pub weight: f64,
}

fn unit() -> f64 {
    1.0
}

/// An explicit route.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathSpec {
    /// First node.
    pub ingress: String,
    /// Last node.
    pub egress: String,
    /// All nodes, ingress first, egress last.
    pub nodes: Vec<String>,
}

/// A traffic class.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassSpec {
    /// Ingress node.
    pub ingress: String,
    /// Egress node.
    pub egress: String,
    /// Port class.
    pub port_class: String,
    /// Sessions per epoch (non-negative).
    pub volume: f64,
    /// Source prefix `a.b.c.d/len`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub src_prefix: Option<String>,
    /// Destination prefix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dst_prefix: Option<String>,
}

impl Spec {
    /// Parses TOML text; `origin` names the source in errors.
    pub fn from_toml(text: &str, origin: &str) -> Result<Spec> {
        toml::from_str(text).map_err(|e| PlanError::SpecSyntax {
            path: origin.to_string(),
            message: e.to_string().trim_end().to_string(),
        })
    }

    /// Parses JSON text; `origin` names the source in errors.
    pub fn from_json(text: &str, origin: &str) -> Result<Spec> {
        serde_json::from_str(text).map_err(|e| PlanError::SpecSyntax {
            path: origin.to_string(),
            message: e.to_string(),
        })
    }

    /// Parses by file name: `.json` is JSON, anything else TOML.
    pub fn parse(text: &str, origin: &str) -> Result<Spec> {
        if origin.ends_with(".json") {
            Spec::from_json(text, origin)
        } else {
            Spec::from_toml(text, origin)
        }
    }

    /// Serialises as TOML.
    pub fn to_toml(&self) -> Result<String> {
        toml::to_string(self).map_err(|e| PlanError::invalid("spec", e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_field_is_named() {
        let e = Spec::from_toml("resources = [\"cpu\"]\n[[app]]\nname = \"x\"\nport_classes = []\nfootprint = {}\nfoo = 1\n", "t.toml")
            .expect_err("unknown field");
        let msg = e.to_string();
        assert!(msg.contains("foo") && msg.contains("t.toml"), "{msg}");
    }

    #[test]
    fn toml_round_trip() {
        let s = Spec {
            resources: vec!["cpu".into()],
            apps: vec![AppSpec {
                name: "ids".into(),
                port_classes: vec!["http".into()],
                footprint: [("cpu".to_string(), 2.0)].into_iter().collect(),
                ..AppSpec::default()
            }],
            classes: vec![ClassSpec {
                ingress: "A".into(),
                egress: "B".into(),
                port_class: "http".into(),
                volume: 3.5,
                ..ClassSpec::default()
            }],
            ..Spec::default()
        };
        let text = s.to_toml().expect("serialises");
        assert_eq!(Spec::from_toml(&text, "x").expect("parses"), s);
    }
}
