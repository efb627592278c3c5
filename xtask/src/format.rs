//! How numbers read in the report, the charts and the progress lines:
//! `2.1 ms`, `2.45 MB`, `1 234 567`, `1.23 × 10⁹`, `×3.2`.

/// 3 significant digits, trailing zeros trimmed.
pub fn sig3(x: f64) -> String {
    let s = if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else if x >= 1.0 || x <= 0.0 {
        format!("{x:.2}")
    } else {
        // Below 1: three significant digits (0.0123, 0.000066).
        let decimals = (2 - x.log10().floor() as i32).clamp(2, 12) as usize;
        format!("{x:.decimals$}")
    };
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// Seconds in the unit that reads best: `1.5 ns`, `12 µs`, `340 ms`, `2.1 s`.
pub fn human_seconds(s: f64) -> String {
    if !s.is_finite() {
        return "–".into();
    }
    let (v, unit) = match s.abs() {
        x if x >= 1.0 || x == 0.0 => (s, "s"),
        x if x >= 1e-3 => (s * 1e3, "ms"),
        x if x >= 1e-6 => (s * 1e6, "µs"),
        _ => (s * 1e9, "ns"),
    };
    let v = sig3(v);
    // Rounding can reach the next unit (999.6 ms → 1000 ms).
    if v == "1000" && unit != "s" {
        return human_seconds(if unit == "ms" {
            1.0
        } else if unit == "µs" {
            1e-3
        } else {
            1e-6
        });
    }
    format!("{v} {unit}")
}

/// Bytes in decimal units: `950 kB`, `2.4 MB`, `1.2 GB`.
pub fn human_bytes(b: f64) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"];
    let mut v = b;
    let mut i = 0;
    while v >= 999.5 && i + 1 < units.len() {
        v /= 1000.0;
        i += 1;
    }
    format!("{} {}", sig3(v), units[i])
}

/// `1 234 567`: digits in groups of three.
pub fn group_digits(v: u64) -> String {
    let s = v.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// A count: grouped digits below 10⁷, else `1.23 × 10⁹`.
pub fn human_count(v: f64) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    if v < 1e7 {
        return group_digits(v.round() as u64);
    }
    let k = v.log10().floor() as i32;
    let sup = superscript(k);
    match sig3(v / 10f64.powi(k)).as_str() {
        "1" => format!("10{sup}"),
        m => format!("{m} × 10{sup}"),
    }
}

/// A ratio: `×3.2`, `×45`, `×1 200`.
pub fn ratio(r: f64) -> String {
    if r >= 1000.0 {
        let k = 10f64.powf((r.log10().floor() - 1.0).max(0.0));
        format!("×{}", group_digits(((r / k).round() * k) as u64))
    } else {
        format!("×{}", sig3(r))
    }
}

/// A ratio in words, for prose: `2.34 times` (as in "2.34 times fewer").
pub fn times(r: f64) -> String {
    format!("{} times", ratio(r).trim_start_matches('×'))
}

/// An n: grouped digits.
pub fn size(v: usize) -> String {
    group_digits(v as u64)
}

/// `10⁹`: a power of ten with a superscript exponent.
pub fn superscript(k: i32) -> String {
    k.to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            d => ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][d as usize - '0' as usize],
        })
        .collect()
}

/// A percentage with no decimals below 100 % and none above: `42 %`.
pub fn percent(share: f64) -> String {
    format!("{:.0} %", 100.0 * share)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_units() {
        assert_eq!(human_seconds(0.0021), "2.1 ms");
        assert_eq!(human_seconds(0.9996), "1 s");
        assert_eq!(human_seconds(2.5e-8), "25 ns");
        assert_eq!(human_seconds(123.4), "123 s");
        assert_eq!(human_bytes(2_445_312.0), "2.45 MB");
        assert_eq!(human_bytes(999.0), "999 B");
        assert_eq!(group_digits(1_234_567), "1 234 567");
        assert_eq!(human_count(856_188.0), "856 188");
        assert_eq!(human_count(1.234e9), "1.23 × 10⁹");
        assert_eq!(human_count(1e8), "10⁸");
        assert_eq!(sig3(0.000066), "0.000066");
        assert_eq!(sig3(0.5), "0.5");
        assert_eq!(ratio(3.21), "×3.21");
        assert_eq!(ratio(1234.0), "×1 200");
        assert_eq!(superscript(12), "¹²");
        assert_eq!(times(2.345), "2.35 times");
        assert_eq!(percent(0.426), "43 %");
    }
}
