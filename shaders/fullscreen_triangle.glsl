// Vertex stage of every op: one triangle that covers the whole viewport (the output texture),
// made from gl_VertexID alone, so no vertex buffer or attribute is needed. Drawn with
// glDrawArrays(GL_TRIANGLES, 0, 3). The loader does not prepend common.glsl here.
void main() {
    vec2 p = vec2(float((gl_VertexID & 1) << 2), float((gl_VertexID & 2) << 1)) - 1.0;  // (-1,-1) (3,-1) (-1,3)
    gl_Position = vec4(p, 0.0, 1.0);
}
