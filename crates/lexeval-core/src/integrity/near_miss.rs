//! Near misses: a generated cite the reference does not give, under the name of a case the reference cites,
//! one slip away from the reference's cite — a digit changed or two transposed in the volume or first page,
//! a page off by a little, or the same volume and page in another series of the reporter (F.2d for F.3d).

use super::names;
use super::{CitePart, Slip};
use crate::citations::{reporter_editions, Citation};

/// How far apart two numbers may be and still read as a slip of the pen rather than another case.
const MAX_OFFSET: i64 = 10;

/// How `generated` slips from `reference`, two numbers as printed; None when it is no small slip.
pub fn slip(generated: &str, reference: &str) -> Option<Slip> {
    let (g, r) = (
        generated.parse::<i64>().ok()?,
        reference.parse::<i64>().ok()?,
    );
    if g == r {
        return None;
    }
    let (gd, rd): (Vec<u8>, Vec<u8>) = (generated.bytes().collect(), reference.bytes().collect());
    if gd.len() == rd.len() {
        let differ: Vec<usize> = (0..gd.len()).filter(|&i| gd[i] != rd[i]).collect();
        match differ[..] {
            [_] => return Some(Slip::DigitChanged),
            [i, j] if j == i + 1 && gd[i] == rd[j] && gd[j] == rd[i] => {
                return Some(Slip::DigitsTransposed)
            }
            _ => {}
        }
    }
    ((g - r).abs() <= MAX_OFFSET).then_some(Slip::Offset { by: g - r })
}

/// The reporters-db series of a reporter edition ("F." for "F.3d").
fn series(reporter: &str) -> Option<&'static str> {
    reporter_editions(reporter).next().map(|e| e.series)
}

/// A full cite's volume, reporter and first page.
fn parts(citation: &Citation) -> Option<(&str, &str, &str)> {
    Some((
        citation.volume.as_deref()?,
        citation.reporter.as_deref()?,
        citation.page.as_deref()?,
    ))
}

/// How a generated full case cite misses the reference's cite of the same case, if it is one slip away.
pub fn miss(generated: &Citation, reference: &Citation) -> Option<(CitePart, Slip)> {
    let ((gv, gr, gp), (rv, rr, rp)) = (parts(generated)?, parts(reference)?);
    let missed = if gr == rr && gp == rp {
        slip(gv, rv).map(|s| (CitePart::Volume, s))
    } else if gr == rr && gv == rv {
        slip(gp, rp).map(|s| (CitePart::FirstPage, s))
    } else if gv == rv && gp == rp && gr != rr && series(gr).is_some() && series(gr) == series(rr) {
        Some((CitePart::Reporter, Slip::OtherSeries))
    } else {
        None
    };
    // The names last: comparing them costs far more than the numbers, which rule out most pairs.
    missed.filter(|_| names::same_case(generated, reference))
}
