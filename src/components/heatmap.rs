//! A similarity matrix as an SVG heatmap, with the matching's chosen cells outlined.

use crate::present::report_view::Matrix;
use leptos::prelude::*;

const CELL: usize = 36;
const MARGIN: usize = 44;

/// Largest matrix drawn cell by cell; beyond it the SVG would be unreadable and slow to build.
const MAX_CELLS: usize = 60 * 60;

#[component]
pub fn Heatmap(
    matrix: Matrix,
    /// Prefix of its ids (`{prefix}-heatmap-cell`): each check view has its own matrix.
    prefix: &'static str,
) -> impl IntoView {
    let cell_id = format!("{prefix}-heatmap-cell");
    let rows = matrix.row_labels.len();
    let cols = matrix.col_labels.len();
    if rows * cols > MAX_CELLS {
        return view! {
            <p class="hint heatmap-skipped">
                {format!(
                    "The similarity matrix ({rows} × {cols} {}s) is too large to draw; export the report as JSON for every value.",
                    matrix.units.noun(),
                )}
            </p>
        }
        .into_any();
    }
    // The cell whose values are spelled out under the map: chosen by tap or click, moved by the arrow keys.
    let current = RwSignal::new((0usize, 0usize));
    let describe = {
        let matrix = matrix.clone();
        move |(i, j): (usize, usize)| {
            let v = matrix.values.get(i).and_then(|row| row.get(j)).copied();
            format!(
                "R{} × G{}: {}{} — reference: {} — generated: {}",
                i + 1,
                j + 1,
                v.filter(|v| v.is_finite())
                    .map_or_else(|| "not computed".to_string(), |v| format!("{v:.3}")),
                if matrix.assignment.contains(&(i, j)) {
                    " (matched)"
                } else {
                    ""
                },
                matrix.row_labels.get(i).cloned().unwrap_or_default(),
                matrix.col_labels.get(j).cloned().unwrap_or_default(),
            )
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let (i, j) = current.get();
        let next = match ev.key().as_str() {
            "ArrowUp" => (i.saturating_sub(1), j),
            "ArrowDown" => ((i + 1).min(rows - 1), j),
            "ArrowLeft" => (i, j.saturating_sub(1)),
            "ArrowRight" => (i, (j + 1).min(cols - 1)),
            "Home" => (i, 0),
            "End" => (i, cols - 1),
            _ => return,
        };
        ev.prevent_default();
        current.set(next);
    };
    let width = MARGIN + cols * CELL + 4;
    let height = MARGIN + rows * CELL + 4;
    let cells = matrix
        .values
        .iter()
        .enumerate()
        .flat_map(|(i, row)| row.iter().enumerate().map(move |(j, v)| (i, j, *v)))
        .filter(|(i, j, _)| *i < rows && *j < cols)
        .map(|(i, j, v)| {
            let v = if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.0
            };
            let chosen = matrix.assignment.contains(&(i, j));
            let tip = format!(
                "R{} × G{}: {v:.3}{}\nreference: {}\ngenerated: {}",
                i + 1,
                j + 1,
                if chosen { " (matched)" } else { "" },
                matrix.row_labels.get(i).cloned().unwrap_or_default(),
                matrix.col_labels.get(j).cloned().unwrap_or_default(),
            );
            let x = MARGIN + j * CELL;
            let y = MARGIN + i * CELL;
            view! {
                <g on:click=move |_| current.set((i, j))>
                    <rect
                        x=x
                        y=y
                        width=CELL
                        height=CELL
                        fill=format!("rgba(11, 92, 173, {:.3})", 0.08 + 0.92 * v)
                        stroke=if chosen { "#b3261e" } else { "#ffffff" }
                        stroke-width=if chosen { "3" } else { "1" }
                    >
                        <title>{tip}</title>
                    </rect>
                    <text
                        x=x + CELL / 2
                        y=y + CELL / 2 + 4
                        text-anchor="middle"
                        font-size="11"
                        pointer-events="none"
                        fill={if v > 0.55 { "#ffffff" } else { "#1b1f24" }}
                    >
                        {format!("{:.2}", v)}
                    </text>
                </g>
            }
        })
        .collect_view();
    let row_heads = (0..rows)
        .map(|i| {
            view! {
                <text x=MARGIN - 6 y=MARGIN + i * CELL + CELL / 2 + 4 text-anchor="end" font-size="12">
                    {format!("R{}", i + 1)}
                </text>
            }
        })
        .collect_view();
    let col_heads = (0..cols)
        .map(|j| {
            view! {
                <text x=MARGIN + j * CELL + CELL / 2 y=MARGIN - 8 text-anchor="middle" font-size="12">
                    {format!("G{}", j + 1)}
                </text>
            }
        })
        .collect_view();
    view! {
        <figure class="heatmap">
            <div
                class="heatmap-scroll"
                tabindex="0"
                role="group"
                aria-label="Similarity matrix: the arrow keys move between cells"
                aria-describedby=cell_id.clone()
                on:keydown=on_key
            >
            <svg
                role="img"
                aria-label=format!(
                    "Similarity of {rows} reference {unit}s (rows R) to {cols} generated {unit}s (columns G); matched cells are outlined in red",
                    unit = matrix.units.noun(),
                )
                width=width
                height=height
                viewBox=format!("0 0 {width} {height}")
            >
                {row_heads}
                {col_heads}
                {cells}
                {move || {
                    let (i, j) = current.get();
                    view! {
                        <rect
                            class="heatmap-current"
                            x=MARGIN + j * CELL + 2
                            y=MARGIN + i * CELL + 2
                            width=CELL - 4
                            height=CELL - 4
                            fill="none"
                            stroke="#1b1f24"
                            stroke-width="2"
                            stroke-dasharray="4 2"
                            pointer-events="none"
                        />
                    }
                }}
            </svg>
            </div>
            <p class="heatmap-cell screen-only" id=cell_id aria-live="polite">{move || describe(current.get())}</p>
            <figcaption>
                {format!(
                    "Rows R: reference {unit}s; columns G: generated {unit}s. Darker is more similar; \
                     red outlines show the one-to-one assignment.",
                    unit = matrix.units.noun(),
                )}
                <span class="screen-only">
                    " Tap or click a cell, or focus the map and use the arrow keys, to read its two texts above."
                </span>
            </figcaption>
        </figure>
    }
    .into_any()
}
