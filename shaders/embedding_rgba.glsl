// embedding, RGBA-packed: y(T, D) = table(V, D)[ids[t]], four elements per fragment.
//   reference: RefBackend::embedding (elementwise_ref.cpp)
//   u_table  table as RGBA (V, ⌈D/4⌉): texel (dq, v)
//   u_ids    ids as an R32I texture (T, 1): texel (t, 0); the caller checked 0 <= id < V
//   output   y as RGBA (T, ⌈D/4⌉): fragment (dq, t)
uniform sampler2D u_table;
uniform highp isampler2D u_ids;

void main() {
    ivec2 p = out_pos();
    int id = texelFetch(u_ids, ivec2(p.y, 0), 0).r;
    o_value = texelFetch(u_table, ivec2(p.x, id), 0);
}
