//! Horizontal bars for per-class results (values in [0, 1]).

use leptos::prelude::*;

const BAR_WIDTH: f64 = 320.0;
const LABEL_WIDTH: usize = 140;
const ROW: usize = 28;

#[component]
pub fn BarChart(rows: Vec<(String, f64)>, #[prop(into)] caption: String) -> impl IntoView {
    let height = rows.len() * ROW + 8;
    let width = LABEL_WIDTH + BAR_WIDTH as usize + 60;
    let bars = rows
        .into_iter()
        .enumerate()
        .map(|(i, (label, value))| {
            let v = if value.is_finite() { value.clamp(0.0, 1.0) } else { 0.0 };
            let y = i * ROW + 4;
            view! {
                <g>
                    <text x=LABEL_WIDTH - 8 y=y + 16 text-anchor="end" font-size="13">{label.clone()}</text>
                    <rect x=LABEL_WIDTH y=y width=BAR_WIDTH height=20 fill="#eaeef2" />
                    <rect x=LABEL_WIDTH y=y width=format!("{:.1}", v * BAR_WIDTH) height=20 fill="#0b5cad">
                        <title>{format!("{label}: {v:.3}")}</title>
                    </rect>
                    <text x=LABEL_WIDTH + BAR_WIDTH as usize + 6 y=y + 16 font-size="13">{format!("{v:.3}")}</text>
                </g>
            }
        })
        .collect_view();
    view! {
        <figure class="bar-chart">
            <svg role="img" aria-label=caption.clone() width=width height=height viewBox=format!("0 0 {width} {height}")>
                {bars}
            </svg>
            <figcaption>{caption}</figcaption>
        </figure>
    }
}
