// Misdeclared and misused state.
param rules: string = "missing.rules";
map nocap: u16 -> u16;
vector empty: u16 = [];
regarray hits: u32[0];
set allowed: (u8, ipv4) capacity 16 from rules;
vector ports: u16 = [80, 443];

on packet {
    ports[0] = 8080;
    match allowed.get((6, ipv4.src)) {
        Some(x) => { drop(); }
        None => {}
    }
    let ok: bool = nocap.insert(1, 2);
    forward(1);
}
