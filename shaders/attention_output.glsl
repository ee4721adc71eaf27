// attention, pass 3 of 3: out = probs · v_h per head, heads concatenated.
// Reference: RefBackend::attention (attention_ref.cpp), its last loop.
//   out(B, Tq, H·dh)[b, i, h·dh + c] = Σ_j probs(B, H, Tq, Tk)[b, h, i, j] · v(B, Tk, H·dh)[b, j, h·dh + c]
//   u_probs  probs as (B·H·Tq, Tk): texel (j, (b·H + h)·Tq + i)
//   u_v      v as (B·Tk, H·dh): texel (h·dh + c, b·Tk + j)
//   output   out as (B·Tq, H·dh): fragment (h·dh + c, b·Tq + i)
uniform sampler2D u_probs;
uniform sampler2D u_v;
uniform int u_H;
uniform int u_Tq;

void main() {
    ivec2 p = out_pos();
    int Tk = textureSize(u_probs, 0).x;
    int dh = textureSize(u_v, 0).x / u_H;
    int b = p.y / u_Tq;
    int i = p.y % u_Tq;
    int h = p.x / dh;
    int prob_row = (b * u_H + h) * u_Tq + i;
    float acc = 0.0;
    for (int j = 0; j < Tk; ++j) acc += at(u_probs, prob_row, j) * at(u_v, b * Tk + j, p.x);
    emit(acc);
}
