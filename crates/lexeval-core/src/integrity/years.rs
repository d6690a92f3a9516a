//! Reporter and year: a cite's year outside the years reporters-db gives every edition of its reporter
//! ("F.4th" from 2021: a 2019 case is not in it).

use super::Check;
use crate::citations::{reporter_editions, years_include, Citation};

/// reporters-db 3.2.67's dates that are known wrong or missing, corrected from the reporters' own volumes
/// (reporter, start, end): F. Supp. ran to volume 999 in 1998, when F. Supp. 2d began; F.R.D. began with
/// the Federal Rules in 1938, not 2001; the U.S. Reports number Dallas's and Cranch's reports from 1754 on
/// ("5 U.S. (1 Cranch) 137 (1803)"). Each made correct gold citations of CLERC findings. F.3d, which
/// reporters-db leaves open, ran to volume 999 in 2021, when F.4th began.
const CORRECTED: &[(&str, Option<u32>, Option<u32>)] = &[
    ("F. Supp.", Some(1932), Some(1998)),
    ("F. Supp. 2d", Some(1998), Some(2014)),
    ("F.3d", Some(1993), Some(2021)),
    ("F.R.D.", Some(1938), None),
    ("U.S.", Some(1754), None),
];

/// The years a reporter was printed: the widest span its editions give (None: open).
fn years(reporter: &str) -> Option<(Option<u32>, Option<u32>)> {
    if let Some(&(_, start, end)) = CORRECTED.iter().find(|(name, ..)| *name == reporter) {
        return Some((start, end));
    }
    let editions: Vec<_> = reporter_editions(reporter).collect();
    if editions.is_empty() {
        return None;
    }
    // min over Options: an edition with no start opens the span; likewise an end of None.
    let start = editions.iter().map(|e| e.start).min().flatten();
    let end = editions
        .iter()
        .map(|e| e.end)
        .try_fold(0, |latest, end| end.map(|e| latest.max(e)));
    Some((start, end))
}

pub fn check(citation: &Citation) -> Option<Check> {
    let (reporter, year) = (citation.reporter.as_deref()?, citation.year?);
    let (start, end) = years(reporter)?;
    (!years_include(start, end, year)).then(|| Check::ReporterYear {
        reporter: reporter.to_string(),
        year,
        start,
        end,
    })
}
