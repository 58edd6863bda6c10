// Stateless 5-tuple whitelist firewall (Gallium §6.1).
//
// Ports: 0 = inside, 1 = outside.
//
// Parameters:
//   rules  string  path of the rules file (default "firewall.rules", found next to
//                  this program if not in the working directory). One rule per
//                  line: `PROTO SRC_IP SRC_PORT DST_IP DST_PORT`, PROTO `tcp` or
//                  `udp` (or a number); `#` starts a comment.
//
// A TCP/UDP packet passes to the other port if its 5-tuple or the reverse
// 5-tuple is listed; everything else is dropped.

param rules: string = "firewall.rules";

set whitelist: (u8, ipv4, u16, ipv4, u16) capacity 4096 from rules;

on packet {
    let mut sport: u16 = 0;
    let mut dport: u16 = 0;
    if tcp.valid {
        sport = tcp.src_port;
        dport = tcp.dst_port;
    } else if udp.valid {
        sport = udp.src_port;
        dport = udp.dst_port;
    } else {
        drop();
    }
    let proto = ipv4.protocol;
    let forward_tuple = (proto, ipv4.src, sport, ipv4.dst, dport);
    let reverse_tuple = (proto, ipv4.dst, dport, ipv4.src, sport);
    if whitelist.contains(forward_tuple) || whitelist.contains(reverse_tuple) {
        forward(in_port ^ 1);
    }
    drop();
}
