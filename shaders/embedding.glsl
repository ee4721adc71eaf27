// embedding: y(T, D) = table(V, D)[ids[t]]     reference: RefBackend::embedding (elementwise_ref.cpp)
//   u_table  table as (V, D): texel (d, v)
//   u_ids    ids as an R32I texture (T, 1): texel (t, 0); the caller checked 0 <= id < V
//   output   y as (T, D): fragment (d, t)
uniform sampler2D u_table;
uniform highp isampler2D u_ids;

void main() {
    ivec2 p = out_pos();
    int id = texelFetch(u_ids, ivec2(p.y, 0), 0).r;
    emit(at(u_table, id, p.x));
}
