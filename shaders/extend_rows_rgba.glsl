// extend_rows, RGBA-packed: the decoder's key/value caches for the next step of a batch of
// hypotheses (a beam). Batch row b continues batch row parents[b] of the cache, whose L rows it
// copies, and gets its new row appended; several rows may continue the same parent. With one
// hypothesis (parents {0}) it is concat_rows.glsl: the cache grows by drawing the old rows and
// the new one, as a texture cannot be sampled while it is rendered to.
//   reference: the CPU's beam search (models/decode.cpp's beam_decode) copying a parent's cache
//   u_cache    cache as RGBA (B0·L, ⌈C/4⌉): batch row p's L rows from row p·L
//   u_rows     the new rows as RGBA (B, ⌈C/4⌉)
//   u_parents  parents as an R32I texture (B, 1): texel (b, 0); the caller checked 0 <= parent < B0
//   output     y as RGBA (B·(L+1), ⌈C/4⌉): fragment (cq, b·(L+1) + i) is cache row parents[b]·L + i
//              for i < L, rows row b for i = L
// Uniforms: u_L.
uniform sampler2D u_cache;
uniform sampler2D u_rows;
uniform highp isampler2D u_parents;
uniform int u_L;

void main() {
    ivec2 p = out_pos();
    int b = p.y / (u_L + 1), i = p.y % (u_L + 1);
    if (i == u_L) {
        o_value = texelFetch(u_rows, ivec2(p.x, b), 0);
        return;
    }
    int parent = texelFetch(u_parents, ivec2(b, 0), 0).r;
    o_value = texelFetch(u_cache, ivec2(p.x, parent * u_L + i), 0);
}
