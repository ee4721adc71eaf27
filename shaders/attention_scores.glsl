// attention, pass 1 of 3: masked, scaled scores of every head (softmax_rows.glsl is pass 2,
// attention_output.glsl pass 3). Reference: RefBackend::attention (attention_ref.cpp), up to its
// softmax_row_inplace_ref call.
//   s(B, H, Tq, Tk) = q_h · k_hᵀ · u_scale + mask
//   u_q     q as (B·Tq, H·dh): texel (h·dh + c, b·Tq + i)      heads side by side in the last dim
//   u_k     k as (B·Tk, H·dh): texel (h·dh + c, b·Tk + j)
//   u_mask  mask values: Columns (1, Tk) or (B, Tk), Full (Tq, Tk); unused otherwise
//   output  s as (B·H·Tq, Tk): fragment (j, (b·H + h)·Tq + i), the probabilities' layout
uniform sampler2D u_q;
uniform sampler2D u_k;
uniform sampler2D u_mask;
uniform int u_mask_kind;
uniform int u_mask_rows;
uniform int u_H;
uniform int u_Tq;
uniform float u_scale;

void main() {
    ivec2 p = out_pos();
    int Tk = textureSize(u_k, 0).y / (textureSize(u_q, 0).y / u_Tq);  // k rows / B
    int dh = textureSize(u_q, 0).x / u_H;
    int i = p.y % u_Tq;
    int h = (p.y / u_Tq) % u_H;
    int b = p.y / (u_Tq * u_H);
    int j = p.x;
    float dot_qk = 0.0;
    for (int c = 0; c < dh; ++c) dot_qk += at(u_q, b * u_Tq + i, h * dh + c) * at(u_k, b * Tk + j, h * dh + c);
    emit(dot_qk * u_scale + mask_value(u_mask_kind, u_mask, u_mask_rows, b, i, j, u_Tq, Tk));
}
