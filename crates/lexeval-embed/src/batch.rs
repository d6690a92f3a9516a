//! Grouping texts into batches of a few fixed shapes, so each shape's optimised plan is reused.

use crate::error::{ModelContext, Result};
use crate::tokenize::Encoded;
use tract_onnx::prelude::*;

/// The input the packed rewrite adds (`packed::pack`): each token's position within its text.
pub const POSITION_IDS: &str = "position_ids";

/// The model's inputs, in the order `Batch::input_tensors` produces them; the last is only there
/// when the model runs packed texts.
pub const INPUT_NAMES: [&str; 4] = [
    "input_ids",
    "attention_mask",
    "token_type_ids",
    POSITION_IDS,
];

/// Padded sequence lengths, up to the longest model input (all-mpnet-base-v2's 384 tokens; MiniLM's
/// texts stop at 256). Padding beyond a batch's longest text is masked out, so it changes nothing but
/// cost; a handful of buckets keeps the number of plans small. Natively a plan costs ~40 ms, so short
/// texts get a bucket every 8 tokens up to 64 (256 CLERC sentences: 8,832 padded tokens instead of
/// 9,472, ~8 % faster once the plans are built, BENCHMARKS.md).
#[cfg(not(target_arch = "wasm32"))]
const SEQ_BUCKETS: &[usize] = &[8, 16, 24, 32, 40, 48, 56, 64, 96, 128, 192, 256, 384];
/// In the page a plan costs ~75 ms and the worker builds those of short texts ahead (`common_shapes`):
/// coarser buckets keep that warm-up at 12 shapes (for a model that runs padded: the shipped ones pack).
#[cfg(target_arch = "wasm32")]
const SEQ_BUCKETS: &[usize] = &[16, 32, 48, 64, 96, 128, 192, 256, 384];
/// Upper bound on rows per batch.
const MAX_ROWS: usize = 32;
/// Upper bound on rows × padded length, which bounds the attention matrices' memory.
const TOKEN_BUDGET: usize = 2048;

/// Texts (by index into the encoded list) run together as `rows × seq_len` tokens: one text per row,
/// padded (`plan_batches`), or several texts end to end in one row (`packed_batches`).
#[derive(Debug, PartialEq, Eq)]
pub struct Batch {
    indices: Vec<usize>,
    /// Where each text starts: its row and its first token.
    starts: Vec<(usize, usize)>,
    rows: usize,
    seq_len: usize,
    packed: bool,
}

impl Batch {
    fn padded(indices: Vec<usize>, seq_len: usize) -> Batch {
        Batch {
            starts: (0..indices.len()).map(|row| (row, 0)).collect(),
            rows: indices.len(),
            indices,
            seq_len,
            packed: false,
        }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    /// How many texts the batch holds (more than its rows when packed).
    pub fn texts(&self) -> usize {
        self.indices.len()
    }

    pub fn seq_len(&self) -> usize {
        self.seq_len
    }

    /// `(text index, row, first token, tokens)` of each text of `encoded` in the batch; a text longer
    /// than the rest of its row is cut there.
    pub fn placements<'a>(
        &'a self,
        encoded: &'a [Encoded],
    ) -> impl Iterator<Item = (usize, usize, usize, usize)> + 'a {
        self.indices
            .iter()
            .zip(&self.starts)
            .filter_map(move |(&index, &(row, start))| {
                let len = encoded.get(index)?.len().min(self.seq_len - start);
                Some((index, row, start, len))
            })
    }

    /// `input_ids`, `attention_mask`, `token_type_ids` and `position_ids`, each `[rows, seq_len]`.
    /// Padded rows are zero past their text with a mask of 0. A packed row's positions restart at 0
    /// with each text, and the tokens after its last text form one more, ignored, text of `[PAD]`s:
    /// its mask is 1, as attention there is per text.
    pub fn input_tensors(&self, encoded: &[Encoded]) -> Result<[Tensor; 4]> {
        let size = self.rows * self.seq_len;
        let mut ids = vec![0i64; size];
        let mut mask = vec![i64::from(self.packed); size];
        let mut positions = vec![0i64; size];
        let mut end_of_row = vec![0; self.rows];
        for (index, row, start, len) in self.placements(encoded) {
            let text = &encoded[index];
            let at = row * self.seq_len + start;
            ids[at..at + len].copy_from_slice(&text.ids[..len]);
            mask[at..at + len].copy_from_slice(&text.attention_mask[..len]);
            for (p, position) in positions[at..at + len].iter_mut().zip(0..) {
                *p = position;
            }
            end_of_row[row] = start + len;
        }
        if self.packed {
            for (row, &end) in end_of_row.iter().enumerate() {
                let filler = &mut positions[row * self.seq_len + end..(row + 1) * self.seq_len];
                for (p, position) in filler.iter_mut().zip(0..) {
                    *p = position;
                }
            }
        }
        let shape = [self.rows, self.seq_len];
        let tensor = |values: &[i64]| {
            Tensor::from_shape(&shape, values).model_context("cannot shape the model's inputs")
        };
        Ok([
            tensor(&ids)?,
            tensor(&mask)?,
            Tensor::zero::<i64>(&shape).model_context("cannot shape the model's inputs")?,
            tensor(&positions)?,
        ])
    }
}

/// The smallest bucket holding `len` tokens (texts are already truncated to their model's maximum).
fn seq_bucket(len: usize) -> usize {
    SEQ_BUCKETS
        .iter()
        .copied()
        .find(|&bucket| bucket >= len)
        .unwrap_or(len)
}

/// Largest power of two ≤ `n` (n ≥ 1), so batch sizes come from a short fixed list.
fn power_of_two_floor(n: usize) -> usize {
    1 << (usize::BITS - 1 - n.max(1).leading_zeros())
}

/// The buckets of short sentences and claims (a brief's claims have a median of 16 tokens, CLERC
/// sentences 27): a request's last, smaller batches always fall in them, whatever its longest texts.
/// Building more ahead cost more than it saved: 34 shapes (up to 128 tokens) kept both helpers busy for
/// seconds after the model loaded and slowed the first check.
const COMMON_MAX_TOKENS: usize = 32;

/// Every shape `plan_batches` gives texts of up to `COMMON_MAX_TOKENS` tokens, shortest bucket first
/// and, within one, most rows first.
pub fn common_shapes() -> Vec<(usize, usize)> {
    SEQ_BUCKETS
        .iter()
        .take_while(|&&seq_len| seq_len <= COMMON_MAX_TOKENS)
        .flat_map(|&seq_len| {
            let most_rows = power_of_two_floor((TOKEN_BUDGET / seq_len).clamp(1, MAX_ROWS));
            std::iter::successors(Some(most_rows), |&rows| (rows > 1).then_some(rows / 2))
                .map(move |rows| (rows, seq_len))
        })
        .collect()
}

/// Sort texts longest first and cut them into batches whose shapes come from a small fixed set:
/// a power-of-two row count and a bucketed length.
pub fn plan_batches(encoded: &[Encoded]) -> Vec<Batch> {
    let mut order: Vec<usize> = (0..encoded.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(encoded[i].len()));
    let mut batches = Vec::new();
    let mut rest = order.as_slice();
    while let Some(&longest) = rest.first() {
        let seq_len = seq_bucket(encoded[longest].len());
        let max_rows = (TOKEN_BUDGET / seq_len).clamp(1, MAX_ROWS);
        let rows = power_of_two_floor(max_rows.min(rest.len()));
        let (taken, remaining) = rest.split_at(rows);
        batches.push(Batch::padded(taken.to_vec(), seq_len));
        rest = remaining;
    }
    batches
}

/// Tokens per packed batch. 512 ran 4 % faster than 1,024 or 2,048 natively (256 CLERC sentences,
/// medians of five interleaved runs): a layer's activations stay near the 2 MB L2 cache.
const PACKED_BUDGET: usize = 512;
/// A packed row's length is a multiple of this, so a few plans serve every request (a row's filler
/// text is shorter than it, well within the models' 512 positions).
const PACKED_STEP: usize = 128;

/// Every shape `packed_batches` gives rows of texts up to `PACKED_BUDGET` tokens, shortest first.
pub fn packed_shapes() -> Vec<(usize, usize)> {
    (PACKED_STEP..=PACKED_BUDGET)
        .step_by(PACKED_STEP)
        .map(|seq_len| (1, seq_len))
        .collect()
}

/// Texts in input order, end to end, in rows of up to `PACKED_BUDGET` tokens (a longer text alone),
/// each rounded up to a multiple of `PACKED_STEP`. For models whose attention runs per text
/// (`packed::pack`): no token is padding but each row's filler.
pub fn packed_batches(encoded: &[Encoded]) -> Vec<Batch> {
    // Each row's `seq_len` counts its texts' tokens until all are placed, then is rounded up.
    let mut batches: Vec<Batch> = Vec::new();
    for (index, text) in encoded.iter().enumerate() {
        match batches.last_mut() {
            Some(row) if row.seq_len + text.len() <= PACKED_BUDGET => {
                row.indices.push(index);
                row.starts.push((0, row.seq_len));
                row.seq_len += text.len();
            }
            _ => batches.push(Batch {
                indices: vec![index],
                starts: vec![(0, 0)],
                rows: 1,
                seq_len: text.len(),
                packed: true,
            }),
        }
    }
    for row in &mut batches {
        row.seq_len = row.seq_len.next_multiple_of(PACKED_STEP);
    }
    batches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of_len(len: usize) -> Encoded {
        Encoded {
            ids: vec![7; len],
            attention_mask: vec![1; len],
        }
    }

    #[test]
    fn buckets_round_up() {
        assert_eq!(seq_bucket(2), SEQ_BUCKETS[0]);
        assert_eq!(seq_bucket(16), 16);
        assert_eq!(seq_bucket(17), 24);
        assert_eq!(seq_bucket(57), 64);
        assert_eq!(seq_bucket(65), 96);
        assert_eq!(seq_bucket(200), 256);
        assert_eq!(seq_bucket(256), 256);
        assert_eq!(seq_bucket(300), 384);
    }

    #[test]
    fn power_of_two_floor_values() {
        assert_eq!(power_of_two_floor(1), 1);
        assert_eq!(power_of_two_floor(13), 8);
        assert_eq!(power_of_two_floor(32), 32);
    }

    #[test]
    fn thirteen_short_texts_split_into_8_4_1_longest_first() {
        let encoded: Vec<Encoded> = (0..13).map(|i| text_of_len(3 + i)).collect();
        let batches = plan_batches(&encoded);
        let rows: Vec<usize> = batches.iter().map(Batch::rows).collect();
        assert_eq!(rows, vec![8, 4, 1]);
        // Longest text (index 12, 15 tokens) goes first; the shortest (index 0) last.
        assert_eq!(batches[0].indices[0], 12);
        assert_eq!(batches[2].indices, [0]);
        // Each batch is padded to the bucket of its own longest text (15, 7 and 3 tokens).
        let seq_lens: Vec<usize> = batches.iter().map(Batch::seq_len).collect();
        assert_eq!(seq_lens, vec![16, 8, 8]);
    }

    #[test]
    fn long_texts_respect_the_token_budget() {
        let encoded: Vec<Encoded> = (0..20).map(|_| text_of_len(256)).collect();
        let rows: Vec<usize> = plan_batches(&encoded).iter().map(Batch::rows).collect();
        assert_eq!(rows, vec![8, 8, 4]);
    }

    #[test]
    fn common_shapes_are_the_shapes_batches_take() {
        let shapes = common_shapes();
        assert_eq!(
            shapes[..6],
            [(32, 8), (16, 8), (8, 8), (4, 8), (2, 8), (1, 8)]
        );
        assert_eq!(shapes.len(), 24);
        assert_eq!(shapes.last(), Some(&(1, 32)));
        // Whatever mix of short texts a request brings, its batches' shapes are among them.
        let encoded: Vec<Encoded> = (0..45).map(|i| text_of_len(3 + (i * 37) % 30)).collect();
        for batch in plan_batches(&encoded) {
            assert!(shapes.contains(&(batch.rows(), batch.seq_len())));
        }
    }

    #[test]
    fn no_texts_no_batches() {
        assert!(plan_batches(&[]).is_empty());
        assert!(packed_batches(&[]).is_empty());
    }

    #[test]
    fn packed_texts_keep_their_order_within_the_budget() {
        // 30 texts of 40 tokens: 12 fit in 512 tokens (480), so rows of 12, 12 and 6.
        let encoded: Vec<Encoded> = (0..30).map(|_| text_of_len(40)).collect();
        let batches = packed_batches(&encoded);
        let sizes: Vec<usize> = batches.iter().map(Batch::texts).collect();
        assert_eq!(sizes, [12, 12, 6]);
        assert_eq!(batches[1].indices, (12..24).collect::<Vec<_>>());
        let starts: Vec<usize> = batches[0]
            .placements(&encoded)
            .map(|(_, _, start, _)| start)
            .collect();
        assert_eq!(starts, (0..12).map(|i| 40 * i).collect::<Vec<_>>());
        // Rows are 1 × a multiple of 128: 480 → 512, 240 → 256.
        let shapes: Vec<_> = batches.iter().map(|b| (b.rows(), b.seq_len())).collect();
        assert_eq!(shapes, [(1, 512), (1, 512), (1, 256)]);
    }

    #[test]
    fn packed_shapes_are_the_shapes_packed_batches_take() {
        let shapes = packed_shapes();
        assert_eq!(shapes, [(1, 128), (1, 256), (1, 384), (1, 512)]);
        let encoded: Vec<Encoded> = (0..60).map(|i| text_of_len(3 + (i * 37) % 80)).collect();
        for batch in packed_batches(&encoded) {
            assert!(shapes.contains(&(batch.rows(), batch.seq_len())));
        }
    }

    #[test]
    fn a_text_longer_than_the_budget_gets_a_row_of_its_own() {
        let encoded = vec![text_of_len(5), text_of_len(600), text_of_len(5)];
        let sizes: Vec<_> = packed_batches(&encoded)
            .iter()
            .map(|b| (b.indices.clone(), b.seq_len()))
            .collect();
        assert_eq!(sizes, [(vec![0], 128), (vec![1], 640), (vec![2], 128)]);
    }

    #[test]
    fn packed_positions_restart_with_each_text_and_the_filler() {
        let encoded = vec![text_of_len(3), text_of_len(2)];
        let batch = &packed_batches(&encoded)[0];
        let [ids, mask, types, positions] = batch.input_tensors(&encoded).unwrap();
        let values = |t: &Tensor| {
            t.to_plain_array_view::<i64>()
                .unwrap()
                .iter()
                .copied()
                .collect::<Vec<_>>()
        };
        assert_eq!(ids.shape(), &[1, 128]);
        assert_eq!(values(&ids)[..6], [7, 7, 7, 7, 7, 0]);
        assert_eq!(values(&positions)[..8], [0, 1, 2, 0, 1, 0, 1, 2]);
        assert_eq!(values(&positions)[127], 122);
        assert!(values(&mask).iter().all(|&m| m == 1));
        assert!(values(&types).iter().all(|&t| t == 0));
    }

    #[test]
    fn inputs_are_zero_padded() {
        let encoded = vec![text_of_len(3), text_of_len(1)];
        let batch = Batch::padded(vec![0, 1], 4);
        let [ids, mask, types, _] = batch.input_tensors(&encoded).unwrap();
        assert_eq!(ids.shape(), &[2, 4]);
        assert_eq!(
            ids.to_plain_array_view::<i64>()
                .unwrap()
                .as_slice()
                .unwrap(),
            &[7, 7, 7, 0, 7, 0, 0, 0]
        );
        assert_eq!(
            mask.to_plain_array_view::<i64>()
                .unwrap()
                .as_slice()
                .unwrap(),
            &[1, 1, 1, 0, 1, 0, 0, 0]
        );
        assert!(types
            .to_plain_array_view::<i64>()
            .unwrap()
            .as_slice()
            .unwrap()
            .iter()
            .all(|&t| t == 0));
    }
}
