// softmax_rows: y(..., R, C) = softmax over C of (x · u_scale + mask)
//   reference: RefBackend::softmax_rows and softmax_row_inplace_ref (softmax_ref.cpp)
//   u_x     x as (rows, C), rows = all leading dims: texel (c, row); the mask sees r = row % u_R
//   u_mask  mask values (mask kinds in common.glsl): Columns (1, C), Full (R, C); unused otherwise
//   output  y as (rows, C): fragment (c, row)
// Numerics as the reference: the row max is subtracted before exp; removed positions (-inf) give
// exactly 0; a row with no finite maximum (all removed, or an inf/NaN logit) gives all zeros.
// Each fragment walks its whole row twice (max, then sum): C² work per row, no extra pass or
// texture. Rows are short here (sequence lengths); a row-statistics pass can replace this when
// a profile says so.
uniform sampler2D u_x;
uniform sampler2D u_mask;
uniform int u_mask_kind;
uniform int u_R;
uniform float u_scale;

float logit(int row, int c, int C) {
    return at(u_x, row, c) * u_scale + mask_value(u_mask_kind, u_mask, 1, 0, row % u_R, c, u_R, C);
}

void main() {
    ivec2 p = out_pos();
    int C = textureSize(u_x, 0).x;
    float row_max = neg_inf();
    for (int c = 0; c < C; ++c) row_max = max(row_max, logit(p.y, c, C));
    if (isinf(row_max) || isnan(row_max)) { emit(0.0); return; }
    float sum = 0.0;
    for (int c = 0; c < C; ++c) {
        float l = logit(p.y, c, C);
        sum += removed(l) ? 0.0 : exp(l - row_max);  // exp(-inf) is 0 in IEEE, but not every GPU's exp is IEEE
    }
    float mine = logit(p.y, p.x, C);
    emit(removed(mine) ? 0.0 : exp(mine - row_max) / sum);
}
