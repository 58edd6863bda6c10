//! One test network for Tandem's live tests.
//!
//! A test declares its topology with a typed [`Builder`] — network namespaces
//! ([`Ns`]), veth pairs between them or to the root namespace ([`Iface`]),
//! addresses ([`Cidr`], only in 198.18.0.0/15, the range RFC 2544 reserves for
//! benchmarks), routes, static neighbours, [`Offloads`], MTUs, sysctls and
//! nftables rulesets — and [`Builder::build`] makes it. Processes run inside a
//! namespace as a [`Proc`] (killed on drop) and `tcpdump` watches an interface as
//! a [`Capture`].
//!
//! A [`Net`] deletes everything it made when it is dropped, also when the test
//! panics (drop runs on unwind): the processes still in its namespaces, the
//! namespaces (with their veths) and its interfaces in the root namespace.
//! Namespaces are named `tnd-TAG-ROLE-PID`, so tests (one tag each) and test
//! processes running at once do not collide, and building a network first
//! deletes what a crashed run of the same tag left (its process is gone).
//!
//! [`can_run`] is the gate in front of all this: not root, it prints why the test
//! is skipped and returns `None`; a missing tool skips too, or fails the test
//! under `TANDEM_REQUIRE_TOOLS=1` (as CI runs). Its [`Root`] is what
//! [`Net::builder`] takes.
//!
//! ```no_run
//! use testnet::{Cidr, Net, Offloads};
//!
//! let Some(root) = testnet::can_run("a download through a veth", &["ethtool"]) else {
//!     return;
//! };
//! let mut b = Net::builder(root, "doc");
//! let (client, server) = (b.netns("c"), b.netns("s"));
//! let (c0, s0) = b.veth((&client, "c0"), (&server, "s0"));
//! for end in [&c0, &s0] {
//!     b.offloads(end, Offloads::NONE);
//! }
//! b.addr(&c0, Cidr::new([198, 18, 0, 1].into(), 24));
//! b.addr(&s0, Cidr::new([198, 18, 0, 2].into(), 24));
//! let net = b.build();
//! let mut http = testnet::Proc::spawn("http.server", server.command("python3").args([
//!     "-m", "http.server", "8080", "--bind", "198.18.0.2",
//! ]));
//! // ... connect from `client.run(|| ...)` ...
//! http.signal("TERM");
//! drop(net); // deletes both namespaces and the pair
//! ```

mod cmd;
mod gate;
mod net;
mod proc;
mod spec;

pub use gate::{Root, can_run, root, root_or_skip};
pub use net::{Builder, Net};
pub use proc::{Capture, Captured, Proc};
pub use spec::{Cidr, Iface, Ns, Offloads, mac_text};
