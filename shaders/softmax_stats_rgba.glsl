// softmax_rows, RGBA-packed, pass 1 of 2: each row's maximum and Σ exp(l − max) over its logits
// l = x · u_scale + mask (softmax_apply_rgba.glsl is pass 2). Two passes make the work O(R·C),
// where softmax_rows.glsl's single pass walks the whole row in every fragment, O(R·C²): at a
// sequence of 256 that is the difference between a fast op and the slowest one of the model.
//   reference: RefBackend::softmax_rows (softmax_ref.cpp)
//   u_x     x as RGBA (rows, ⌈C/4⌉), rows = all leading dims; the mask sees r = row % u_R,
//           batch row / u_R (Columns masks with one row per batch)
//   u_mask  mask values (common.glsl kinds) in the Scalar layout; unused for None and Causal
//   output  stats as RGBA (rows, 1): fragment (0, row) writes (max, Σ exp(l − max), 0, 0)
// With PLAIN_LOGITS defined (attention's softmax: GpuKernels::attention_rgba), x already holds the
// logits, scaled and masked, -inf past C: they are read as they are, through texel(), without
// masked_logits4. With its earlier per-lane mask loop, this pass cost attention over 256
// positions as much as each of its two products (docs/benchmarks.md).
uniform sampler2D u_x;
uniform sampler2D u_mask;
uniform int u_mask_kind;
uniform int u_mask_rows;
uniform int u_R;
uniform int u_C;
uniform float u_scale;

vec4 logits(int row, int cq, vec2 ix) {
#ifdef PLAIN_LOGITS
    return texel(u_x, ivec2(cq, row), ix);
#else
    return masked_logits4(u_x, row, cq, u_C, u_scale, u_mask_kind, u_mask, u_mask_rows, u_R);
#endif
}

void main() {
    int row = out_pos().y;
    int CQ = textureSize(u_x, 0).x;
    vec2 ix = inv_size(u_x);
    float row_max = neg_inf();
    for (int cq = 0; cq < CQ; ++cq) {
        vec4 l = logits(row, cq, ix);
        row_max = max(row_max, max(max(l.x, l.y), max(l.z, l.w)));
    }
    float sum = 0.0;
    if (!isinf(row_max) && !isnan(row_max)) {
        for (int cq = 0; cq < CQ; ++cq) {
            vec4 l = logits(row, cq, ix);
            // A select, not exp(-inf) = 0: not every GPU's exp is IEEE at -inf.
            sum += dot(mix(exp(l - row_max), vec4(0.0), equal(l, vec4(neg_inf()))), vec4(1.0));
        }
    }
    o_value = vec4(row_max, sum, 0.0, 0.0);
}
