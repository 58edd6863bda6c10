// Bad characters and malformed literals.
param a: ipv4 = 10.0.300.1;
param b: u16 = 0x;
map m: u16 -> u16 capacity 16 idle_timeout 5parsecs;
const s: string = "never closed;
on packet {
    let c: u16 = 3 $ 4;
    drop();
}
/* an unterminated comment
