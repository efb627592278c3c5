//! Each approach's colour and marker, fixed by its registry position and
//! written into `data/approaches.json`, so an approach looks the same in
//! every chart, on screen and printed in grey.
//!
//! The colours are the Okabe–Ito palette (colour-blind safe; its yellow is
//! left out, too pale for a line on white) followed by Paul Tol's "muted"
//! scheme, some of his darker and vibrant tones and a deep violet:
//! twenty-six colours, no two alike. The
//! markers cycle through eight shapes, so any eight neighbours in the
//! registry also differ in shape.

use std::fmt;
use std::str::FromStr;

/// Twenty-six distinct colours, Okabe–Ito first.
const COLOURS: [&str; 29] = [
    "#0072B2", // Okabe–Ito blue
    "#E69F00", // Okabe–Ito orange
    "#009E73", // Okabe–Ito bluish green
    "#D55E00", // Okabe–Ito vermillion
    "#CC79A7", // Okabe–Ito reddish purple
    "#56B4E9", // Okabe–Ito sky blue
    "#000000", // Okabe–Ito black
    "#882255", // Tol muted wine
    "#117733", // Tol muted green
    "#999933", // Tol muted olive
    "#332288", // Tol muted indigo
    "#CC6677", // Tol muted rose
    "#44AA99", // Tol muted teal
    "#AA4499", // Tol muted purple
    "#997700", // Tol high-contrast dark yellow
    "#88CCEE", // Tol muted cyan
    "#DDCC77", // Tol muted sand
    "#666666", // dark grey
    "#994455", // Tol medium-contrast dark red
    "#004488", // Tol high-contrast dark blue
    "#225555", // Tol dark cyan
    "#EE3377", // Tol vibrant magenta
    "#CC3311", // Tol vibrant red
    "#663333", // Tol dark brown
    "#666633", // Tol dark olive
    "#4B0092", // deep violet
    "#7B68EE", // medium slate blue
    "#9ACD32", // yellow green
    "#8B4513", // saddle brown
];

/// The colours' names, for the report's table of approaches.
const NAMES: [&str; 29] = [
    "blue",
    "orange",
    "bluish green",
    "vermillion",
    "reddish purple",
    "sky blue",
    "black",
    "wine",
    "green",
    "olive",
    "indigo",
    "rose",
    "teal",
    "purple",
    "dark yellow",
    "cyan",
    "sand",
    "dark grey",
    "dark red",
    "dark blue",
    "dark cyan",
    "magenta",
    "red",
    "brown",
    "dark olive",
    "violet",
    "slate blue",
    "yellow green",
    "chestnut",
];

/// The name of a colour of the palette ("colour" for any other).
pub fn colour_name(hex: &str) -> &'static str {
    COLOURS
        .iter()
        .position(|c| c.eq_ignore_ascii_case(hex))
        .map_or("colour", |i| NAMES[i])
}

/// How many approaches get a colour of their own.
pub const DISTINCT: usize = COLOURS.len();

/// A marker shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Marker {
    /// ●
    Circle,
    /// ■
    Square,
    /// ▲
    Triangle,
    /// ◆
    Diamond,
    /// ▼
    TriangleDown,
    /// ✕
    Cross,
    /// ✚
    Plus,
    /// ⬢
    Hexagon,
}

impl Marker {
    /// Every marker, in the order registry positions take them.
    pub const ALL: [Marker; 8] = [
        Marker::Circle,
        Marker::Square,
        Marker::Triangle,
        Marker::Diamond,
        Marker::TriangleDown,
        Marker::Cross,
        Marker::Plus,
        Marker::Hexagon,
    ];

    /// The name used in `approaches.json` and the report.
    pub fn name(self) -> &'static str {
        match self {
            Marker::Circle => "circle",
            Marker::Square => "square",
            Marker::Triangle => "triangle",
            Marker::Diamond => "diamond",
            Marker::TriangleDown => "triangle-down",
            Marker::Cross => "cross",
            Marker::Plus => "plus",
            Marker::Hexagon => "hexagon",
        }
    }

    /// The marker after this one (a second series of the same approach).
    pub fn next(self) -> Marker {
        let i = Marker::ALL.iter().position(|&m| m == self).unwrap_or(0);
        Marker::ALL[(i + 1) % Marker::ALL.len()]
    }
}

impl fmt::Display for Marker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Marker {
    type Err = crate::Error;
    fn from_str(s: &str) -> crate::Result<Marker> {
        Marker::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| crate::Error(format!("unknown marker '{s}'")))
    }
}

/// The colour of the approach at this registry position, `#RRGGBB`.
/// Positions past [`DISTINCT`] wrap around (the registry test keeps the
/// registry shorter than that).
pub fn colour(index: usize) -> &'static str {
    COLOURS[index % COLOURS.len()]
}

/// The marker of the approach at this registry position.
pub fn marker(index: usize) -> Marker {
    Marker::ALL[index % Marker::ALL.len()]
}

/// `#RRGGBB` as red, green, blue (black for anything else).
pub fn rgb(hex: &str) -> (u8, u8, u8) {
    let byte = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0)
    };
    if hex.len() == 7 && hex.starts_with('#') {
        (byte(1), byte(3), byte(5))
    } else {
        (0, 0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_registered_approach_has_its_own_colour_and_marker() {
        let n = queens_approaches::REGISTRY.all().len();
        assert!(
            n <= DISTINCT,
            "{n} approaches but {DISTINCT} colours: add colours"
        );
        let colours: BTreeSet<&str> = (0..n).map(colour).collect();
        assert_eq!(colours.len(), n, "two approaches share a colour");
        let pairs: BTreeSet<(&str, Marker)> = (0..n).map(|i| (colour(i), marker(i))).collect();
        assert_eq!(pairs.len(), n);
        // Any eight neighbours differ in shape too.
        for w in (0..n).collect::<Vec<_>>().windows(Marker::ALL.len()) {
            let shapes: BTreeSet<&str> = w.iter().map(|&i| marker(i).name()).collect();
            assert_eq!(shapes.len(), w.len());
        }
    }

    #[test]
    fn colours_are_distinct_and_dark_enough_for_a_line_on_white() {
        let all: BTreeSet<&str> = COLOURS.iter().copied().collect();
        assert_eq!(all.len(), COLOURS.len());
        for c in COLOURS {
            let (r, g, b) = rgb(c);
            // Relative luminance (sRGB approximation): pale yellow would fail.
            let l = 0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b);
            assert!(l < 215.0, "{c} is too pale to read on white");
        }
    }

    #[test]
    fn markers_round_trip_by_name() {
        for m in Marker::ALL {
            assert_eq!(m.name().parse::<Marker>().unwrap(), m);
        }
        assert_eq!(Marker::Hexagon.next(), Marker::Circle);
        assert_eq!(rgb("#0072B2"), (0, 0x72, 0xB2));
    }
}
