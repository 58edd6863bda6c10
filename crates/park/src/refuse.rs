//! Refusing NFs that cannot run behind PayloadPark (paper §1, "Applicability"):
//! an NF that reads payload bytes would see the PayloadPark header and the
//! remaining suffix instead of the payload it expects.

/// What the caller knows about an NF: its name and whether any of its code reads
/// bytes past the TCP/UDP header (for `tandem run`, the IR's read set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NfFacts<'a> {
    /// NF (program) name, for the message.
    pub name: &'a str,
    /// True when the NF reads payload bytes.
    pub reads_payload: bool,
    /// Where it reads them, for the message (e.g. a source span), if known.
    pub where_: Option<&'a str>,
}

/// Why an NF cannot be put behind PayloadPark.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The NF reads payload bytes.
    #[error(
        "`{name}` reads packet payload bytes{at}; PayloadPark parks the first payload bytes \
         in the switch, so the NF would see the PayloadPark header instead of the payload. \
         Run it without --park"
    )]
    ReadsPayload {
        /// NF name.
        name: String,
        /// " (at ...)" or empty.
        at: String,
    },
}

/// Accepts header-only NFs and refuses NFs that read payload bytes.
pub fn check_parkable(nf: &NfFacts<'_>) -> Result<(), Refusal> {
    if nf.reads_payload {
        let at = nf.where_.map(|w| format!(" (at {w})")).unwrap_or_default();
        return Err(Refusal::ReadsPayload {
            name: nf.name.to_string(),
            at,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_only_nfs_pass_and_payload_readers_are_refused_with_a_reason() {
        let fw = NfFacts {
            name: "firewall",
            reads_payload: false,
            where_: None,
        };
        assert_eq!(check_parkable(&fw), Ok(()));
        let trojan = NfFacts {
            name: "trojan",
            reads_payload: true,
            where_: Some("trojan.nf:12:9"),
        };
        let msg = check_parkable(&trojan).expect_err("refused").to_string();
        assert!(msg.contains("`trojan` reads packet payload bytes (at trojan.nf:12:9)"));
        assert!(msg.contains("without --park"));
    }
}
