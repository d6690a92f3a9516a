//! A benchmark's per-item table: sortable by any column (buttons in the headers), filtered by the values
//! of its class columns, the first rows drawn until asked for all; opening an item shows its whole record,
//! or tells the owner (`on_open`), who shows the item its own way. `id_prefix` keeps the element ids of two
//! tables on one page apart (the comparison's under the file's).

use leptos::prelude::*;
use lexeval_core::items::{Cell, ItemTable, Shown};
use std::cmp::Ordering;

/// Rows drawn before "Show all" (a CaseFacts train file has 5,794).
const FIRST_ROWS: usize = 200;

/// Nulls sort after every number, whatever the direction (an undefined score is not the lowest one).
fn compare(a: &Cell, b: &Cell, ascending: bool) -> Ordering {
    let order = match (a, b) {
        (Cell::Number(None), Cell::Number(None)) => return Ordering::Equal,
        (Cell::Number(None), Cell::Number(_)) => return Ordering::Greater,
        (Cell::Number(_), Cell::Number(None)) => return Ordering::Less,
        (Cell::Number(Some(x)), Cell::Number(Some(y))) => x.total_cmp(y),
        _ => a.text().cmp(&b.text()),
    };
    if ascending {
        order
    } else {
        order.reverse()
    }
}

/// A record field as text: lists one item a line, strings as they are.
fn field_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => "—".into(),
        serde_json::Value::Array(items) => {
            items.iter().map(field_text).collect::<Vec<_>>().join("\n")
        }
        other => serde_json::to_string_pretty(other).unwrap_or_default(),
    }
}

#[component]
pub fn ItemTableView(
    table: ItemTable,
    #[prop(optional)] id_prefix: &'static str,
    /// Called with the row's index when an item is opened, instead of showing its record here.
    #[prop(optional)]
    on_open: Option<Callback<usize>>,
) -> impl IntoView {
    let table = StoredValue::new(table);
    let columns = table.with_value(|t| t.columns.clone());
    let filters = RwSignal::new(vec![String::new(); columns.len()]);
    let sort = RwSignal::new(None::<(usize, bool)>);
    let show_all = RwSignal::new(false);
    let opened = RwSignal::new(None::<usize>);

    // Indices of the rows that pass the filters, in the chosen order.
    let visible = Memo::new(move |_| {
        let filters = filters.get();
        table.with_value(|t| {
            let mut indices: Vec<usize> = (0..t.rows.len())
                .filter(|&i| {
                    filters
                        .iter()
                        .zip(&t.rows[i].cells)
                        .all(|(wanted, cell)| wanted.is_empty() || cell.text() == *wanted)
                })
                .collect();
            if let Some((column, ascending)) = sort.get() {
                indices.sort_by(|&a, &b| {
                    compare(
                        &t.rows[a].cells[column],
                        &t.rows[b].cells[column],
                        ascending,
                    )
                });
            }
            indices
        })
    });

    let filter_fields = columns
        .iter()
        .enumerate()
        .filter(|(_, c)| c.filter)
        .map(|(index, column)| {
            let mut values: Vec<String> = table.with_value(|t| {
                t.rows.iter().map(|r| r.cells[index].text()).collect()
            });
            values.sort();
            values.dedup();
            let id = format!("{id_prefix}items-filter-{}", column.name);
            view! {
                <div class="field">
                    <label for=id.clone()>{format!("Filter by {}", column.name.replace('_', " "))}</label>
                    // The value follows the filter, so a table drawn again in the same place (a new
                    // comparison) does not show the previous table's choice.
                    <select
                        id=id
                        prop:value=move || filters.with(|f| f[index].clone())
                        on:change=move |ev| {
                            let chosen = event_target_value(&ev);
                            filters.update(|f| f[index] = chosen);
                            opened.set(None);
                        }
                    >
                        <option value="">"All"</option>
                        {values.into_iter().map(|v| view! { <option value=v.clone()>{v.clone()}</option> }).collect_view()}
                    </select>
                </div>
            }
        })
        .collect_view();

    // A number column's name aligns right, over its numbers, not over the gap before the next column.
    let shown: Vec<Shown> = columns.iter().map(|c| c.shown).collect();
    let numeric: Vec<bool> = table.with_value(|t| {
        (0..columns.len())
            .map(|i| t.rows.iter().any(|r| matches!(r.cells[i], Cell::Number(_))))
            .collect()
    });
    let headers = columns
        .iter()
        .enumerate()
        .map(|(index, column)| {
            let name = column.name.clone();
            let class = numeric[index].then_some("num");
            let aria_sort = move || match sort.get() {
                Some((c, true)) if c == index => "ascending",
                Some((c, false)) if c == index => "descending",
                _ => "none",
            };
            view! {
                <th scope="col" class=class aria-sort=aria_sort>
                    <button
                        type="button"

                        id=format!("{id_prefix}items-sort-{name}")
                        on:click=move |_| {
                            sort.update(|s| {
                                *s = match *s {
                                    Some((c, ascending)) if c == index => Some((index, !ascending)),
                                    _ => Some((index, true)),
                                }
                            })
                        }
                    >
                        {name.replace('_', " ")}
                        {move || match sort.get() {
                            Some((c, true)) if c == index => " ▲",
                            Some((c, false)) if c == index => " ▼",
                            _ => "",
                        }}
                    </button>
                </th>
            }
        })
        .collect_view();

    let rows = move || {
        let indices = visible.get();
        let limit = if show_all.get() {
            indices.len()
        } else {
            FIRST_ROWS
        };
        indices
            .into_iter()
            .take(limit)
            .map(|i| {
                let cells = table.with_value(|t| t.rows[i].cells.clone());
                let first = cells.first().map(Cell::text).unwrap_or_default();
                let rest = cells
                    .iter()
                    .zip(&shown)
                    .skip(1)
                    .map(|(cell, shown)| {
                        // A number shows rounded; its full value is in the CSV, the title and data-value.
                        let full = matches!(cell, Cell::Number(Some(_))).then(|| cell.text());
                        let class = matches!(cell, Cell::Number(_)).then_some("num");
                        view! {
                            <td class=class title=full.clone() data-value=full>
                                {shown.cell(cell)}
                            </td>
                        }
                    })
                    .collect_view();
                view! {
                    <tr>
                        <td>
                            <button
                                type="button"

                                id=format!("{id_prefix}item-open-{i}")
                                aria-label=format!("Open item {}: {first}", i + 1)
                                on:click=move |_| match on_open {
                                    Some(on_open) => on_open.run(i),
                                    None => opened.set(Some(i)),
                                }
                            >
                                <span class="item-key">{first.clone()}</span>
                            </button>
                        </td>
                        {rest}
                    </tr>
                }
            })
            .collect_view()
    };

    let detail = move || {
        opened.get().map(|i| {
            let fields = table.with_value(|t| t.rows[i].detail.clone());
            let entries = fields
                .as_object()
                .map(|object| {
                    object
                        .iter()
                        .map(|(key, value)| {
                            // A field that is a column shows as the table shows it (a choice's letter),
                            // in a nested record too (the gold question's own "gold").
                            let as_shown = |key: &str, value: &serde_json::Value| {
                                columns
                                    .iter()
                                    .find(|c| c.name == key)
                                    .and_then(|c| c.shown.field(value))
                            };
                            let text = as_shown(key, value).unwrap_or_else(|| match value {
                                serde_json::Value::Object(nested) => field_text(
                                    &nested
                                        .iter()
                                        .map(|(k, v)| {
                                            let v = as_shown(k, v)
                                                .map_or_else(|| v.clone(), serde_json::Value::String);
                                            (k.clone(), v)
                                        })
                                        .collect(),
                                ),
                                _ => field_text(value),
                            });
                            view! {
                                <dt>{key.replace('_', " ")}</dt>
                                <dd>{text}</dd>
                            }
                        })
                        .collect_view()
                })
                .unwrap_or_default();
            view! {
                <section id=format!("{id_prefix}bench-item-detail") aria-label=format!("Item {}", i + 1)>
                    <h4>{format!("Item {}", i + 1)}</h4>
                    <dl>{entries}</dl>
                    <button type="button" id=format!("{id_prefix}bench-item-close") on:click=move |_| opened.set(None)>
                        "Close the item"
                    </button>
                </section>
            }
        })
    };

    view! {
        <div class="item-table">
            <div class="settings">{filter_fields}</div>
            {detail}
            <div class="table-scroll">
                <table class="pairs" id=format!("{id_prefix}bench-items")>
                    <caption>
                        {move || {
                            let total = table.with_value(|t| t.rows.len());
                            format!("Per item: {} of {total} shown", visible.get().len())
                        }}
                    </caption>
                    <thead>
                        <tr>{headers}</tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            {move || {
                let hidden = visible.get().len().saturating_sub(FIRST_ROWS);
                (!show_all.get() && hidden > 0)
                    .then(|| {
                        view! {
                            <button type="button" id=format!("{id_prefix}bench-items-all") on:click=move |_| show_all.set(true)>
                                {format!("Show all {} items", visible.get().len())}
                            </button>
                        }
                    })
            }}
        </div>
    }
}
