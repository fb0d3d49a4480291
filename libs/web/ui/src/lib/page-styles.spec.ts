import { classesUsed, classSelectors, stylesFor } from './page-styles';

describe('page stylesheets of a prerendered page', () => {
  it('reads class selectors, not numbers, strings or file names', () => {
    const css =
      '.cc-hero__art{margin:0.5rem;background:url(/img/star.svg)}.cc-a>.cc-b:hover,.-x{content:".not"}@media (max-width:39rem){.cc-c{top:1.5em}}';
    expect([...classSelectors(css)].sort()).toEqual(['-x', 'cc-a', 'cc-b', 'cc-c', 'cc-hero__art']);
  });

  it('reads class names as React and a minifier write them', () => {
    expect([
      ...classesUsed('<div class="cc-hero cc-hero--big"><p class=cc-tile>x</p><i class=\'cc-i\'></i></div>'),
    ]).toEqual(['cc-hero', 'cc-hero--big', 'cc-tile', 'cc-i']);
  });

  it('links the chunks whose selectors the first screen uses, in the build order', () => {
    const sheets = [
      { href: '/fairness.1.css', css: '.cc-fair{color:red}' },
      { href: '/landing.2.css', css: '.cc-hero__art{width:200px}' },
      { href: '/poker.3.css', css: '.cc-poker{color:red}' },
    ];
    expect(stylesFor('<main><div class="cc-hero__art"></div></main>', sheets)).toEqual(['/landing.2.css']);
    expect(stylesFor('<main class="cc-fair"><b class="cc-poker"></b></main>', sheets)).toEqual([
      '/fairness.1.css',
      '/poker.3.css',
    ]);
    expect(stylesFor('<main></main>', sheets)).toEqual([]);
  });

  it('does not link a chunk for a class every page already has from main.css', () => {
    const sheets = [{ href: '/fairness.1.css', css: '.cc-fair .cc-card{padding:0}' }];
    expect(stylesFor('<div class="cc-card"></div>', sheets, '.cc-card{padding:1rem}')).toEqual([]);
    expect(stylesFor('<div class="cc-fair"><div class="cc-card"></div></div>', sheets, '.cc-card{}')).toEqual([
      '/fairness.1.css',
    ]);
  });
});
