const minify = require('./css-minify-loader.js') as (css: string) => string;

describe('css-minify-loader', () => {
  it('drops comments and whitespace', () => {
    expect(minify('/* theme */\n.a {\n  color: red;\n}\n\n.b > .c , .d { margin: 0 }')).toBe(
      '.a{color: red}.b>.c,.d{margin: 0}',
    );
  });

  it('keeps what whitespace means: calc() operators, descendant pseudo-classes, strings and url()', () => {
    expect(minify('.x { width: calc(100% - 2rem + 4px) }')).toBe('.x{width: calc(100% - 2rem + 4px)}');
    expect(minify('a :hover { color: red }')).toBe('a :hover{color: red}');
    expect(minify(".f { font-family: 'Segoe  UI' , sans-serif; background: url(a  b.png) }")).toBe(
      ".f{font-family: 'Segoe  UI',sans-serif;background: url(a  b.png)}",
    );
  });
});
