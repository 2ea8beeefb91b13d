/**
 * Demo catalogue course: "Prevention of Sexual Harassment at the Workplace (India)"
 * (docs/learning-design.md §5). English (primary) and Hindi, jurisdiction IN.
 *
 * HINDI NEEDS NATIVE REVIEW before any customer sees it: written in plain workplace Hindi with the
 * glossary's terms (docs/glossary/hi.json) and the app's existing terms (आंतरिक समिति, पीठासीन
 * अधिकारी, धारा), but not yet read by a native speaker.
 *
 * Sections cited: only those in /work/shared/LEGAL.md, plus s.2(n) and s.3(2) (docs/legal-sections.md).
 * Written in our own words; a summary, not legal advice.
 */
import type { DemoBlock, DemoCourse, DemoQuestion, Texts } from './types.ts';

const t = (en: string, hi: string): Texts => ({ en, hi });
const text = (en: string, hi: string): DemoBlock => ({ type: 'TEXT', html: t(en, hi) });
const notify = (tone: 'INFO' | 'WARNING' | 'LEGAL', en: string, hi: string): DemoBlock => ({
  type: 'NOTIFY',
  tone,
  html: t(en, hi),
});
/** The "Where this comes from" block that ends every lesson. */
const whereFrom = (enItems: string[], hiItems: string[]): DemoBlock =>
  notify(
    'LEGAL',
    `<ul>${enItems.map((i) => `<li>${i}</li>`).join('')}</ul><p>The Sexual Harassment of Women at Workplace (Prevention, Prohibition and Redressal) Act, 2013 and its Rules of 2013, in our own words. A summary, not legal advice.</p>`,
    `<ul>${hiItems.map((i) => `<li>${i}</li>`).join('')}</ul><p>कार्यस्थल पर महिलाओं का लैंगिक उत्पीड़न (निवारण, प्रतिषेध और प्रतितोष) अधिनियम, 2013 और उसके 2013 के नियम, हमारे अपने शब्दों में। यह सारांश है, क़ानूनी सलाह नहीं।</p>`,
  );

const lesson1: DemoBlock[] = [
  text(
    `<h3>A law for every workplace</h3><p>The Sexual Harassment of Women at Workplace (Prevention, Prohibition and Redressal) Act, 2013 — usually called the <strong>POSH Act</strong> — has one aim: no woman should face sexual harassment at work. It asks employers to prevent harassment, to give women a safe and fair way to complain, and to act on what a complaint shows.</p><p>The Act protects <strong>any woman</strong> who faces sexual harassment at a workplace, of any age, whether or not she works there. That includes permanent and temporary staff, contract and agency workers, trainees, interns, apprentices, people on probation and volunteers — and also a client, a customer or a visitor.</p><p>The Act itself protects women. Many organisations' own policies go further and protect everyone: check what yours says.</p>`,
    `<h3>हर कार्यस्थल के लिए एक क़ानून</h3><p>कार्यस्थल पर महिलाओं का लैंगिक उत्पीड़न (निवारण, प्रतिषेध और प्रतितोष) अधिनियम, 2013 — जिसे आमतौर पर <strong>POSH अधिनियम</strong> कहा जाता है — का एक ही लक्ष्य है: किसी भी महिला को काम की जगह पर यौन उत्पीड़न का सामना न करना पड़े। यह नियोक्ता से कहता है कि वह उत्पीड़न को रोके, महिलाओं को शिकायत करने का सुरक्षित और निष्पक्ष तरीक़ा दे, और शिकायत में जो सामने आए उस पर कार्रवाई करे।</p><p>यह अधिनियम <strong>हर उस महिला</strong> की रक्षा करता है जिसे किसी कार्यस्थल पर यौन उत्पीड़न का सामना करना पड़ता है — किसी भी उम्र की, चाहे वह वहाँ काम करती हो या नहीं। इसमें स्थायी और अस्थायी कर्मचारी, कॉन्ट्रैक्ट और एजेंसी के ज़रिए आए कर्मचारी, ट्रेनी, इंटर्न, अप्रेंटिस, प्रोबेशन पर काम कर रहे लोग और स्वयंसेवक शामिल हैं — और क्लाइंट, ग्राहक या आगंतुक भी।</p><p>अधिनियम ख़ुद महिलाओं की रक्षा करता है। कई संगठनों की अपनी नीति इससे आगे जाकर सभी की रक्षा करती है: देखिए आपकी नीति क्या कहती है।</p>`,
  ),
  text(
    `<h3>What counts as the workplace</h3><p>The workplace is wider than the office. It covers the places you are in because of your work:</p><ul><li>offices, branches, factories, shops, warehouses, hospitals and sites, in government and private organisations alike;</li><li>places you visit for work, such as a client's office, a training venue, a hotel on a work trip or an offsite event;</li><li>transport the employer provides for the journey, such as the office cab;</li><li>a house or home where work is done, for example when someone is employed to work there.</li></ul><p><em>Example:</em> Meena, a sales executive, is harassed by a colleague at a client dinner during a work trip to Pune. The dinner is part of her work, so it is part of the workplace, and she can complain to her own Internal Committee.</p>`,
    `<h3>कार्यस्थल में क्या-क्या शामिल है</h3><p>कार्यस्थल सिर्फ़ दफ़्तर नहीं है। इसमें वे सभी जगहें शामिल हैं जहाँ आप अपने काम की वजह से होते हैं:</p><ul><li>सरकारी और निजी, दोनों तरह के संगठनों के दफ़्तर, शाखाएँ, फ़ैक्टरी, दुकानें, गोदाम, अस्पताल और साइट;</li><li>काम के सिलसिले में जाने वाली जगहें, जैसे क्लाइंट का दफ़्तर, ट्रेनिंग की जगह, काम की यात्रा पर होटल या ऑफ़साइट कार्यक्रम;</li><li>आने-जाने के लिए नियोक्ता का दिया हुआ वाहन, जैसे ऑफ़िस कैब;</li><li>वह घर जहाँ काम होता है, जैसे जब किसी को वहाँ काम पर रखा गया हो।</li></ul><p><em>उदाहरण:</em> सेल्स एग्ज़ीक्यूटिव मीना को पुणे की काम की यात्रा के दौरान एक क्लाइंट डिनर पर उसका एक सहकर्मी परेशान करता है। वह डिनर उसके काम का हिस्सा है, इसलिए वह भी कार्यस्थल है, और मीना अपनी आंतरिक समिति से शिकायत कर सकती है।</p>`,
  ),
  text(
    `<h3>What your employer must do</h3><p>The Act gives every employer duties that apply before anything goes wrong (s.19, Rule 13). Among them, the employer must:</p><ul><li>provide a safe working environment, including safety from people who come into contact with the workplace, such as clients and visitors;</li><li>have a written policy against sexual harassment and make it widely known;</li><li>display, where everyone can see them, the penalties for sexual harassment and the order that set up the Internal Committee;</li><li>hold workshops and awareness programmes for employees at regular intervals, and orientation programmes for the members of the Internal Committee;</li><li>announce the names and contact details of all the Internal Committee's members.</li></ul><p>This course is one of those awareness programmes.</p>`,
    `<h3>आपके नियोक्ता को क्या करना होता है</h3><p>अधिनियम हर नियोक्ता को कुछ ज़िम्मेदारियाँ देता है जो कुछ भी ग़लत होने से पहले ही लागू होती हैं (धारा 19, नियम 13)। इनमें से कुछ — नियोक्ता को:</p><ul><li>काम का सुरक्षित माहौल देना होता है, जिसमें कार्यस्थल के संपर्क में आने वाले लोगों, जैसे क्लाइंट और आगंतुकों, से सुरक्षा भी शामिल है;</li><li>यौन उत्पीड़न के ख़िलाफ़ लिखित नीति बनानी होती है और उसे सबको बताना होता है;</li><li>यौन उत्पीड़न की सज़ाएँ और आंतरिक समिति बनाने वाला आदेश ऐसी जगह लगाना होता है जहाँ सब देख सकें;</li><li>कर्मचारियों के लिए नियमित अंतराल पर वर्कशॉप और जागरूकता कार्यक्रम, और आंतरिक समिति के सदस्यों के लिए ओरिएंटेशन कार्यक्रम करने होते हैं;</li><li>आंतरिक समिति के सभी सदस्यों के नाम और संपर्क विवरण घोषित करने होते हैं।</li></ul><p>यह कोर्स ऐसा ही एक जागरूकता कार्यक्रम है।</p>`,
  ),
  text(
    `<h3>An Internal Committee at every office</h3><p>The employer must set up an <strong>Internal Committee</strong> by a written order. Where the organisation has offices or units in different places, each office or unit has its own committee (s.4(1)). The Internal Committee receives complaints, inquires into them and recommends action to the employer. Lesson 3 explains who sits on it.</p><h3>The Local Committee</h3><p>Some women cannot turn to an Internal Committee. For them, the <strong>District Officer</strong> sets up a <strong>Local Committee</strong> in every district (s.6(1)). It receives complaints:</p><ul><li>from workplaces that have no Internal Committee because they have fewer than 10 workers; and</li><li>where the complaint is against the employer.</li></ul>`,
    `<h3>हर दफ़्तर में एक आंतरिक समिति</h3><p>नियोक्ता को लिखित आदेश से एक <strong>आंतरिक समिति</strong> बनानी होती है। अगर संगठन के दफ़्तर या यूनिट अलग-अलग जगहों पर हैं, तो हर दफ़्तर या यूनिट की अपनी समिति होती है (धारा 4(1))। आंतरिक समिति शिकायतें लेती है, उनकी जांच करती है और नियोक्ता को कार्रवाई की सिफ़ारिश करती है। इसमें कौन होता है, यह पाठ 3 में है।</p><h3>स्थानीय समिति</h3><p>कुछ महिलाएँ आंतरिक समिति के पास नहीं जा सकतीं। उनके लिए <strong>ज़िला अधिकारी</strong> हर ज़िले में एक <strong>स्थानीय समिति</strong> बनाता है (धारा 6(1))। यह शिकायतें लेती है:</p><ul><li>उन कार्यस्थलों से जहाँ 10 से कम कर्मचारी होने के कारण आंतरिक समिति नहीं है; और</li><li>जब शिकायत ख़ुद नियोक्ता के ख़िलाफ़ हो।</li></ul>`,
  ),
  notify(
    'WARNING',
    `<p><strong>Penalties for employers.</strong> An employer that does not set up an Internal Committee, does not act on its recommendations, or otherwise breaks the Act can be fined up to Rs 50,000. If it happens again, the penalty can be doubled and the business licence or registration can be cancelled, withdrawn or not renewed (s.26).</p>`,
    `<p><strong>नियोक्ता के लिए सज़ा।</strong> जो नियोक्ता आंतरिक समिति नहीं बनाता, उसकी सिफ़ारिशों पर कार्रवाई नहीं करता, या किसी और तरह अधिनियम का उल्लंघन करता है, उस पर 50,000 रुपये तक का जुर्माना लग सकता है। दोबारा ऐसा होने पर सज़ा दोगुनी हो सकती है और उसका व्यापार लाइसेंस या पंजीकरण रद्द किया जा सकता है, वापस लिया जा सकता है या उसका नवीनीकरण रोका जा सकता है (धारा 26)।</p>`,
  ),
  {
    type: 'BUTTON',
    label: t('Read the Act on India Code', 'इंडिया कोड पर अधिनियम पढ़ें'),
    url: 'https://www.indiacode.nic.in/',
  },
  whereFrom(
    [
      'Internal Committee at every office or unit: s.4(1)',
      'Local Committee: s.6(1)',
      "Employer's duties: s.19 and Rule 13",
      'Penalty: s.26',
    ],
    [
      'हर दफ़्तर या यूनिट में आंतरिक समिति: धारा 4(1)',
      'स्थानीय समिति: धारा 6(1)',
      'नियोक्ता की ज़िम्मेदारियाँ: धारा 19 और नियम 13',
      'सज़ा: धारा 26',
    ],
  ),
];

const lesson2: DemoBlock[] = [
  text(
    `<h3>The meaning in the Act</h3><p>The Act describes sexual harassment as unwelcome behaviour of a sexual nature, whether it is direct or only implied (s.2(n)). It includes:</p><ul><li>physical contact and advances;</li><li>a demand or request for sexual favours;</li><li>sexually coloured remarks;</li><li>showing pornography;</li><li>any other unwelcome physical, verbal or non-verbal conduct of a sexual nature.</li></ul><p>The list is not closed: other unwelcome behaviour of a sexual nature can be harassment too.</p>`,
    `<h3>अधिनियम में इसका अर्थ</h3><p>अधिनियम यौन उत्पीड़न को यौन प्रकृति का ऐसा व्यवहार बताता है जो अनचाहा हो, चाहे वह सीधे किया जाए या इशारों में (धारा 2(n))। इसमें शामिल है:</p><ul><li>शारीरिक संपर्क और पास आने की कोशिश (एडवांस);</li><li>यौन संबंध की माँग या अनुरोध;</li><li>यौन रंग वाली टिप्पणियाँ;</li><li>अश्लील सामग्री (पोर्नोग्राफ़ी) दिखाना;</li><li>यौन प्रकृति का कोई भी और अनचाहा शारीरिक, मौखिक या बिना शब्दों वाला व्यवहार।</li></ul><p>यह सूची बंद नहीं है: यौन प्रकृति का कोई और अनचाहा व्यवहार भी उत्पीड़न हो सकता है।</p>`,
  ),
  text(
    `<h3>Unwelcome is the test</h3><p>What matters is how the behaviour is received, not what the person meant. "It was only a joke" is no defence if the joke was unwelcome. Silence does not mean agreement: many people say nothing because they fear for their job or their reputation. And it does not have to happen again and again — one incident can be enough.</p>`,
    `<h3>असली कसौटी: क्या यह अनचाहा था?</h3><p>मायने यह रखता है कि सामने वाले ने व्यवहार को कैसे लिया, न कि करने वाले का इरादा क्या था। "मैं तो बस मज़ाक कर रहा था" कोई बचाव नहीं है, अगर वह मज़ाक अनचाहा था। चुप रहने का मतलब सहमति नहीं है: बहुत से लोग अपनी नौकरी या इज़्ज़त के डर से कुछ नहीं कहते। और यह बार-बार होना ज़रूरी नहीं — एक घटना भी काफ़ी हो सकती है।</p>`,
  ),
  text(
    `<h3>When work is used as pressure</h3><p>The Act also names circumstances that, when they come with or are connected to such behaviour, can amount to sexual harassment (s.3(2)):</p><ul><li>an implied or open promise of better treatment in her job;</li><li>an implied or open threat of worse treatment in her job;</li><li>an implied or open threat about her present or future employment;</li><li>interfering with her work, or creating an intimidating, offensive or hostile working environment for her;</li><li>humiliating treatment likely to affect her health or safety.</li></ul><p>The first three are often called <em>quid pro quo</em> ("this for that"): something at work is offered or threatened in exchange. The fourth is often called a <em>hostile environment</em>.</p>`,
    `<h3>जब काम को दबाव बनाने के लिए इस्तेमाल किया जाए</h3><p>अधिनियम कुछ ऐसी परिस्थितियाँ भी बताता है जो ऐसे व्यवहार के साथ हों या उससे जुड़ी हों, तो यौन उत्पीड़न मानी जा सकती हैं (धारा 3(2)):</p><ul><li>नौकरी में बेहतर व्यवहार का इशारों में या खुला वादा;</li><li>नौकरी में बुरे व्यवहार की इशारों में या खुली धमकी;</li><li>उसकी मौजूदा या आगे की नौकरी को लेकर इशारों में या खुली धमकी;</li><li>उसके काम में दख़ल देना, या उसके लिए डराने वाला, अपमानजनक या शत्रुतापूर्ण माहौल बनाना;</li><li>ऐसा अपमानजनक व्यवहार जिससे उसकी सेहत या सुरक्षा पर असर पड़ सकता हो।</li></ul><p>पहली तीन को अक्सर <em>क्विड प्रो क्वो</em> ("इसके बदले वह") कहा जाता है: काम से जुड़ी कोई चीज़ बदले में देने का वादा या छीनने की धमकी। चौथी को अक्सर <em>शत्रुतापूर्ण माहौल</em> (hostile environment) कहा जाता है।</p>`,
  ),
  text(
    `<h3>What it can look like at work</h3><ul><li><strong>Messages:</strong> a colleague keeps sending Anjali sexual jokes and late-night messages about her looks on WhatsApp, after she has asked him to stop.</li><li><strong>Remarks:</strong> comments on a woman's body or clothes in a meeting, or guesses about her private life, passed off as banter.</li><li><strong>Requests:</strong> asking a colleague out again and again after she has said no.</li><li><strong>This for that:</strong> a team lead tells Kavya her appraisal "depends on how friendly she is" and suggests dinner alone. Even without any touching, this ties a promise and a threat to her job.</li><li><strong>Hostile environment:</strong> explicit pictures shared in the team's group chat or on a shared screen, so that the women in the team feel unsafe or humiliated.</li></ul>`,
    `<h3>काम की जगह पर यह कैसा दिख सकता है</h3><ul><li><strong>मैसेज:</strong> अंजलि के मना करने के बाद भी एक सहकर्मी उसे WhatsApp पर यौन मज़ाक और देर रात उसके रूप-रंग के बारे में मैसेज भेजता रहता है।</li><li><strong>टिप्पणियाँ:</strong> मीटिंग में किसी महिला के शरीर या कपड़ों पर टिप्पणी, या उसकी निजी ज़िंदगी के बारे में अंदाज़े, जिन्हें हँसी-मज़ाक बताया जाता है।</li><li><strong>अनुरोध:</strong> किसी सहकर्मी के मना करने के बाद भी उसे बार-बार बाहर चलने के लिए कहना।</li><li><strong>इसके बदले वह:</strong> एक टीम लीड काव्या से कहता है कि उसका अप्रेज़ल "इस पर निर्भर है कि वह कितनी फ़्रेंडली है" और अकेले डिनर पर चलने को कहता है। छुए बिना भी, यह उसकी नौकरी से एक वादा और एक धमकी जोड़ता है।</li><li><strong>शत्रुतापूर्ण माहौल:</strong> टीम के ग्रुप चैट में या साझा स्क्रीन पर अश्लील तस्वीरें दिखाना, जिससे टीम की महिलाएँ असुरक्षित या अपमानित महसूस करें।</li></ul>`,
  ),
  text(
    `<h3>Clients, vendors and visitors</h3><p>Harassment does not only come from colleagues. The employer must provide a safe working environment, including safety from people who come into contact with the workplace (s.19): a client who makes remarks to a front-desk employee, a vendor's staff at a site, a patient's relative in a hospital. Report it in the same way. A woman who visits your workplace — a customer, or a trainee from another organisation — can also complain about harassment she faced there.</p><p>An employer that ignores its duties under the Act can be fined (s.26).</p>`,
    `<h3>क्लाइंट, वेंडर और आगंतुक</h3><p>उत्पीड़न सिर्फ़ सहकर्मियों से नहीं होता। नियोक्ता को काम का सुरक्षित माहौल देना होता है, जिसमें कार्यस्थल के संपर्क में आने वाले लोगों से सुरक्षा भी शामिल है (धारा 19): रिसेप्शन पर काम करने वाली कर्मचारी पर टिप्पणी करने वाला क्लाइंट, साइट पर वेंडर के लोग, अस्पताल में मरीज़ का रिश्तेदार। इसकी शिकायत भी उसी तरह करें। आपके कार्यस्थल पर आने वाली महिला — कोई ग्राहक, या किसी दूसरे संगठन की ट्रेनी — भी वहाँ हुए उत्पीड़न की शिकायत कर सकती है।</p><p>जो नियोक्ता अधिनियम के तहत अपनी ज़िम्मेदारियों को अनदेखा करता है, उस पर जुर्माना लग सकता है (धारा 26)।</p>`,
  ),
  notify(
    'INFO',
    `<p><strong>If you see it happen.</strong> You do not have to wait for her to act. Check on her, note what you saw and when, and tell her how to reach the Internal Committee. If she decides to complain, you may be asked to be a witness.</p>`,
    `<p><strong>अगर आप ऐसा होते देखें।</strong> उसके कुछ करने का इंतज़ार करना ज़रूरी नहीं। उसका हाल पूछें, आपने जो देखा और कब देखा वह लिख लें, और उसे बताएँ कि आंतरिक समिति तक कैसे पहुँचें। अगर वह शिकायत करती है, तो आपसे गवाह बनने को कहा जा सकता है।</p>`,
  ),
  whereFrom(
    [
      'What sexual harassment includes: s.2(n)',
      'Circumstances that can amount to it: s.3(2)',
      'Safety from people who come into contact with the workplace: s.19',
      'Penalty for the employer: s.26',
    ],
    [
      'यौन उत्पीड़न में क्या शामिल है: धारा 2(n)',
      'वे परिस्थितियाँ जो यौन उत्पीड़न मानी जा सकती हैं: धारा 3(2)',
      'कार्यस्थल के संपर्क में आने वाले लोगों से सुरक्षा: धारा 19',
      'नियोक्ता के लिए सज़ा: धारा 26',
    ],
  ),
];

const lesson3: DemoBlock[] = [
  text(
    `<h3>Who sits on the Internal Committee</h3><p>The committee is built so that a complaint is heard by people senior enough to be taken seriously and independent enough to be fair (s.4(2)):</p><ul><li><strong>the Presiding Officer:</strong> a woman employed at a senior level at the workplace;</li><li><strong>at least two members from among the employees</strong>, preferably people committed to the cause of women, or with experience in social work or knowledge of the law;</li><li><strong>one external member</strong> from a non-governmental organisation or association committed to the cause of women, or a person familiar with issues of sexual harassment.</li></ul><p>At least half of the members must be women. Members hold office for no more than three years (s.4(3)). Your organisation displays the order that set up the committee, with its members' contact details.</p>`,
    `<h3>आंतरिक समिति में कौन होता है</h3><p>समिति इस तरह बनाई जाती है कि शिकायत ऐसे लोग सुनें जो इतने वरिष्ठ हों कि उनकी बात गंभीरता से ली जाए, और इतने स्वतंत्र हों कि फ़ैसला निष्पक्ष हो (धारा 4(2)):</p><ul><li><strong>पीठासीन अधिकारी:</strong> कार्यस्थल पर वरिष्ठ स्तर पर काम करने वाली एक महिला;</li><li><strong>कर्मचारियों में से कम से कम दो सदस्य</strong>, अच्छा हो कि वे महिलाओं के हित के लिए समर्पित हों, या उन्हें सामाजिक कार्य का अनुभव या क़ानून की जानकारी हो;</li><li><strong>एक बाहरी सदस्य</strong>, महिलाओं के हित के लिए काम करने वाले किसी ग़ैर-सरकारी संगठन (NGO) या संस्था से, या ऐसा व्यक्ति जो यौन उत्पीड़न के मुद्दों से परिचित हो।</li></ul><p>कम से कम आधे सदस्य महिलाएँ होनी चाहिए। सदस्य तीन साल से ज़्यादा पद पर नहीं रहते (धारा 4(3))। आपका संगठन समिति बनाने वाला आदेश, सदस्यों के संपर्क विवरण के साथ, सबके देखने के लिए लगाता है।</p>`,
  ),
  text(
    `<h3>Making a complaint</h3><p>A complaint is made in writing to the Internal Committee, or to the Local Committee where there is no Internal Committee (s.9(1)). If she cannot put it in writing, the Presiding Officer or any member must give her reasonable help — for example by writing down what she says and reading it back to her.</p><p>A useful complaint says what happened, when and where, who was involved, who saw or heard it, and what records exist: messages, emails, screenshots, call logs. It does not need legal language. Lesson 4 covers the time limit.</p>`,
    `<h3>शिकायत कैसे करें</h3><p>शिकायत लिखकर आंतरिक समिति को दी जाती है, या जहाँ आंतरिक समिति नहीं है वहाँ स्थानीय समिति को (धारा 9(1))। अगर वह लिखकर नहीं दे सकती, तो पीठासीन अधिकारी या कोई भी सदस्य उसकी उचित मदद करता है — जैसे वह जो बताए उसे लिखकर उसे पढ़कर सुनाना।</p><p>एक काम की शिकायत में यह होता है: क्या हुआ, कब और कहाँ, कौन शामिल था, किसने देखा या सुना, और कौन-से रिकॉर्ड हैं — मैसेज, ईमेल, स्क्रीनशॉट, कॉल लॉग। क़ानूनी भाषा ज़रूरी नहीं है। समय-सीमा पाठ 4 में है।</p>`,
  ),
  text(
    `<h3>Conciliation, only if she asks</h3><p>Before the inquiry starts, the committee may try to settle the matter through conciliation — but <strong>only at the request of the woman who complained</strong>. A settlement may include, for example, an apology or a change of team; it can <strong>never be based on a payment of money</strong> (s.10(1)). Nobody should push her towards conciliation.</p>`,
    `<h3>सुलह, सिर्फ़ उसके कहने पर</h3><p>जांच शुरू होने से पहले समिति सुलह के ज़रिए मामला सुलझाने की कोशिश कर सकती है — लेकिन <strong>सिर्फ़ शिकायत करने वाली महिला के अनुरोध पर</strong>। समझौते में, उदाहरण के लिए, माफ़ी या टीम बदलना शामिल हो सकता है; <strong>पैसों का लेन-देन कभी भी उसका आधार नहीं हो सकता</strong> (धारा 10(1))। किसी को भी उस पर सुलह के लिए दबाव नहीं डालना चाहिए।</p>`,
  ),
  text(
    `<h3>Notice to the respondent, and the reply</h3><p>The person complained against is called the <strong>respondent</strong>. The committee sends the respondent a copy of the complaint within 7 working days of receiving it (Rule 7(2)). The respondent replies within 10 working days of receiving that copy, with a list of documents and the names and addresses of witnesses (Rule 7(3)).</p>`,
    `<h3>प्रतिवादी को सूचना, और उसका जवाब</h3><p>जिसके ख़िलाफ़ शिकायत है, उसे <strong>प्रतिवादी</strong> कहा जाता है। समिति शिकायत मिलने के 7 कार्य दिवसों के भीतर उसकी एक प्रति प्रतिवादी को भेजती है (नियम 7(2))। प्रतिवादी वह प्रति मिलने के 10 कार्य दिवसों के भीतर जवाब देता है, दस्तावेज़ों की सूची और गवाहों के नाम-पते के साथ (नियम 7(3))।</p>`,
  ),
  text(
    `<h3>Hearings</h3><p>The committee hears both sides fairly. Three rules shape the hearings (Rule 7(5)–(7)):</p><ul><li>if either side misses three hearings in a row without good reason, the committee may end the proceedings or decide without them — but only after giving 15 days' notice in writing;</li><li>neither side may bring a lawyer to the hearings;</li><li>at least three members, including the Presiding Officer, must be present.</li></ul>`,
    `<h3>सुनवाई</h3><p>समिति दोनों पक्षों को निष्पक्ष रूप से सुनती है। सुनवाई के तीन नियम हैं (नियम 7(5)–(7)):</p><ul><li>अगर कोई भी पक्ष बिना उचित कारण के लगातार तीन सुनवाइयों में नहीं आता, तो समिति कार्यवाही ख़त्म कर सकती है या उसकी ग़ैरमौजूदगी में फ़ैसला कर सकती है — लेकिन सिर्फ़ 15 दिन का लिखित नोटिस देने के बाद;</li><li>कोई भी पक्ष सुनवाई में वकील नहीं ला सकता;</li><li>पीठासीन अधिकारी समेत कम से कम तीन सदस्य मौजूद होने चाहिए।</li></ul>`,
  ),
  notify(
    'INFO',
    `<p><strong>Example.</strong> Ritu tells the Presiding Officer about a senior manager's messages but does not want to write the complaint herself. The Presiding Officer writes down what Ritu says, reads it back, and Ritu signs it. The committee sends a copy to the manager within 7 working days, and he has 10 working days to reply.</p>`,
    `<p><strong>उदाहरण।</strong> रितु पीठासीन अधिकारी को एक सीनियर मैनेजर के मैसेज के बारे में बताती है, पर ख़ुद शिकायत लिखना नहीं चाहती। पीठासीन अधिकारी रितु की बात लिखती हैं, उसे पढ़कर सुनाती हैं, और रितु उस पर हस्ताक्षर करती है। समिति 7 कार्य दिवसों के भीतर उसकी प्रति मैनेजर को भेजती है, और उसके पास जवाब देने के लिए 10 कार्य दिवस होते हैं।</p>`,
  ),
  whereFrom(
    [
      'Composition of the Internal Committee: s.4(2); term: s.4(3)',
      'Complaint in writing, with help: s.9(1)',
      'Conciliation: s.10(1)',
      'Copy to the respondent and reply: Rule 7(2) and Rule 7(3)',
      'Hearings: Rule 7(5)–(7)',
    ],
    [
      'आंतरिक समिति की संरचना: धारा 4(2); कार्यकाल: धारा 4(3)',
      'लिखित शिकायत, मदद के साथ: धारा 9(1)',
      'सुलह: धारा 10(1)',
      'प्रतिवादी को प्रति और जवाब: नियम 7(2) और नियम 7(3)',
      'सुनवाई: नियम 7(5)–(7)',
    ],
  ),
];

const lesson4: DemoBlock[] = [
  text(
    `<h3>The time limits at a glance</h3><ul><li><strong>Complaint:</strong> within 3 months of the incident, or of the last incident in a series. If circumstances kept her from complaining sooner, the committee can extend this by up to 3 more months, recording its reasons in writing (s.9(1)).</li><li><strong>Copy to the respondent:</strong> within 7 working days; <strong>reply:</strong> within 10 working days (Rule 7(2) and Rule 7(3)).</li><li><strong>Inquiry:</strong> completed within 90 days (s.11(4)).</li><li><strong>Report:</strong> to the employer within 10 days of the end of the inquiry, and made available to both sides (s.13(1)).</li><li><strong>Employer's action</strong> on the recommendations: within 60 days of receiving the report (s.13(4)).</li><li><strong>Appeal:</strong> within 90 days of the recommendations (s.18(2)).</li></ul>`,
    `<h3>समय-सीमाएँ एक नज़र में</h3><ul><li><strong>शिकायत:</strong> घटना के 3 महीने के भीतर, या घटनाओं की श्रृंखला हो तो आख़िरी घटना के 3 महीने के भीतर। अगर परिस्थितियों ने उसे पहले शिकायत करने से रोका, तो समिति कारण लिखित में दर्ज करके इसे 3 महीने तक और बढ़ा सकती है (धारा 9(1))।</li><li><strong>प्रतिवादी को प्रति:</strong> 7 कार्य दिवसों के भीतर; <strong>जवाब:</strong> 10 कार्य दिवसों के भीतर (नियम 7(2) और नियम 7(3))।</li><li><strong>जांच:</strong> 90 दिनों के भीतर पूरी (धारा 11(4))।</li><li><strong>रिपोर्ट:</strong> जांच ख़त्म होने के 10 दिनों के भीतर नियोक्ता को, और दोनों पक्षों को उपलब्ध (धारा 13(1))।</li><li>सिफ़ारिशों पर <strong>नियोक्ता की कार्रवाई:</strong> रिपोर्ट मिलने के 60 दिनों के भीतर (धारा 13(4))।</li><li><strong>अपील:</strong> सिफ़ारिशों के 90 दिनों के भीतर (धारा 18(2))।</li></ul>`,
  ),
  text(
    `<h3>Relief while the inquiry runs</h3><p>An inquiry takes time, and she may have to keep working near the respondent. On her written request, the committee can recommend that the employer (s.12(1), Rule 8):</p><ul><li>transfer her or the respondent to another workplace;</li><li>give her leave of up to 3 months, on top of the leave she is otherwise entitled to;</li><li>stop the respondent from reporting on her work or writing her performance report, and give that task to someone else.</li></ul>`,
    `<h3>जांच के दौरान राहत</h3><p>जांच में समय लगता है, और हो सकता है उसे प्रतिवादी के आस-पास ही काम करते रहना पड़े। उसके लिखित अनुरोध पर समिति नियोक्ता से सिफ़ारिश कर सकती है कि वह (धारा 12(1), नियम 8):</p><ul><li>उसका या प्रतिवादी का किसी दूसरे कार्यस्थल पर तबादला करे;</li><li>उसे 3 महीने तक की छुट्टी दे, उन छुट्टियों के अलावा जिनकी वह वैसे हक़दार है;</li><li>प्रतिवादी को उसके काम पर रिपोर्ट करने या उसकी परफ़ॉर्मेंस रिपोर्ट लिखने से रोके, और यह काम किसी और को दे।</li></ul>`,
  ),
  text(
    `<h3>Confidentiality</h3><p>The contents of the complaint, the identity and address of the woman, the respondent and the witnesses, the inquiry proceedings, the committee's recommendations and the action taken must not be published or made known to the public, the press or the media (s.16). Anyone who breaks this can be penalised (s.17).</p><p>In practice: do not discuss a case in the canteen or in a group chat, do not forward its documents, and share only what the process needs.</p>`,
    `<h3>गोपनीयता</h3><p>शिकायत की बातें, महिला, प्रतिवादी और गवाहों की पहचान और पते, जांच की कार्यवाही, समिति की सिफ़ारिशें और की गई कार्रवाई — इन्हें प्रकाशित नहीं किया जा सकता, न जनता, प्रेस या मीडिया को बताया जा सकता है (धारा 16)। जो इसे तोड़ता है, उसे सज़ा हो सकती है (धारा 17)।</p><p>व्यवहार में: किसी मामले की चर्चा कैंटीन या ग्रुप चैट में न करें, उसके दस्तावेज़ आगे न भेजें, और सिर्फ़ उतना ही बताएँ जितना प्रक्रिया के लिए ज़रूरी है।</p>`,
  ),
  text(
    `<h3>No retaliation</h3><p>Nobody should be punished for complaining in good faith or for being a witness. Interim relief exists for this reason: it keeps the respondent from controlling her work or her review while the inquiry runs. Tell the committee at once if you face pressure, threats or sudden changes to your work after a complaint. A complaint that cannot be proved is not, for that reason alone, a false complaint.</p>`,
    `<h3>बदले की कार्रवाई नहीं</h3><p>ईमानदारी से शिकायत करने या गवाह बनने के लिए किसी को सज़ा नहीं मिलनी चाहिए। अंतरिम राहत इसीलिए है: जांच के दौरान प्रतिवादी उसके काम या उसकी समीक्षा पर नियंत्रण न रखे। शिकायत के बाद अगर आप पर दबाव डाला जाए, धमकी दी जाए या आपके काम में अचानक बदलाव हों, तो तुरंत समिति को बताएँ। जो शिकायत साबित नहीं हो पाती, वह सिर्फ़ इसी वजह से झूठी शिकायत नहीं हो जाती।</p>`,
  ),
  text(
    `<h3>Reporting every year</h3><p>Each calendar year, the Internal Committee sends an annual report to the employer and the District Officer: complaints received and disposed of, cases pending for more than 90 days, workshops held, and the nature of the action taken (s.21, Rule 14). The employer includes the number of cases and how they were disposed of in its own annual report, or informs the District Officer where it has none (s.22).</p>`,
    `<h3>हर साल की रिपोर्ट</h3><p>हर कैलेंडर वर्ष आंतरिक समिति नियोक्ता और ज़िला अधिकारी को सालाना रिपोर्ट भेजती है: कितनी शिकायतें मिलीं और निपटाई गईं, कितने मामले 90 दिनों से ज़्यादा लंबित हैं, कितनी वर्कशॉप हुईं, और किस तरह की कार्रवाई की गई (धारा 21, नियम 14)। नियोक्ता मामलों की संख्या और उनके निपटारे को अपनी सालाना रिपोर्ट में शामिल करता है, या ऐसी रिपोर्ट न हो तो ज़िला अधिकारी को बताता है (धारा 22)।</p>`,
  ),
  whereFrom(
    [
      'Time limit for a complaint and its extension: s.9(1)',
      'Copy to the respondent and reply: Rule 7(2) and Rule 7(3)',
      'Inquiry in 90 days: s.11(4)',
      'Report in 10 days: s.13(1); action in 60 days: s.13(4)',
      'Appeal in 90 days: s.18(2)',
      'Interim relief: s.12(1) and Rule 8',
      'Confidentiality: s.16; penalty: s.17',
      'Annual reports: s.21, Rule 14 and s.22',
    ],
    [
      'शिकायत की समय-सीमा और उसका बढ़ना: धारा 9(1)',
      'प्रतिवादी को प्रति और जवाब: नियम 7(2) और नियम 7(3)',
      '90 दिनों में जांच: धारा 11(4)',
      '10 दिनों में रिपोर्ट: धारा 13(1); 60 दिनों में कार्रवाई: धारा 13(4)',
      '90 दिनों में अपील: धारा 18(2)',
      'अंतरिम राहत: धारा 12(1) और नियम 8',
      'गोपनीयता: धारा 16; सज़ा: धारा 17',
      'सालाना रिपोर्ट: धारा 21, नियम 14 और धारा 22',
    ],
  ),
];

const questions: DemoQuestion[] = [
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t(
      'Within what time should a complaint normally be made to the Internal Committee?',
      'आंतरिक समिति को शिकायत आमतौर पर कितने समय के भीतर करनी चाहिए?',
    ),
    explanation: t(
      'Within 3 months of the incident, or of the last incident in a series. The committee can extend this by up to 3 more months, with reasons in writing (s.9(1)).',
      'घटना के 3 महीने के भीतर, या श्रृंखला हो तो आख़िरी घटना के 3 महीने के भीतर। समिति कारण लिखित में दर्ज करके इसे 3 महीने तक और बढ़ा सकती है (धारा 9(1))।',
    ),
    options: [
      { ref: 'a', label: t('Within 7 days', '7 दिनों के भीतर') },
      { ref: 'b', label: t('Within 3 months', '3 महीने के भीतर') },
      { ref: 'c', label: t('Within 1 year', '1 साल के भीतर') },
      { ref: 'd', label: t('There is no time limit', 'कोई समय-सीमा नहीं है') },
    ],
    key: { correct: ['b'] },
  },
  {
    type: 'MULTIPLE_RESPONSE',
    points: 1,
    prompt: t(
      'Who must the Internal Committee include? Select all that apply.',
      'आंतरिक समिति में किसका होना ज़रूरी है? जितने सही हों, सब चुनें।',
    ),
    explanation: t(
      'A woman Presiding Officer at a senior level, at least two employee members, and one external member from an NGO or association for women or familiar with sexual-harassment issues; at least half the members are women (s.4(2)). A lawyer or a police officer is not required.',
      'वरिष्ठ स्तर की महिला पीठासीन अधिकारी, कर्मचारियों में से कम से कम दो सदस्य, और महिलाओं के लिए काम करने वाले NGO या संस्था से, या यौन उत्पीड़न के मुद्दों से परिचित, एक बाहरी सदस्य; कम से कम आधे सदस्य महिलाएँ (धारा 4(2))। वकील या पुलिस अधिकारी का होना ज़रूरी नहीं है।',
    ),
    options: [
      {
        ref: 'a',
        label: t(
          'A Presiding Officer who is a woman employed at a senior level',
          'पीठासीन अधिकारी, जो वरिष्ठ स्तर पर काम करने वाली महिला हो',
        ),
      },
      { ref: 'b', label: t('At least two members from among the employees', 'कर्मचारियों में से कम से कम दो सदस्य') },
      {
        ref: 'c',
        label: t(
          'One external member from an NGO or association for women, or familiar with sexual-harassment issues',
          'महिलाओं के लिए काम करने वाले NGO या संस्था से, या यौन उत्पीड़न के मुद्दों से परिचित, एक बाहरी सदस्य',
        ),
      },
      { ref: 'd', label: t('A police officer', 'एक पुलिस अधिकारी') },
      { ref: 'e', label: t("The organisation's lawyer", 'संगठन का वकील') },
    ],
    key: { correct: ['a', 'b', 'c'] },
  },
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t('Who presides over the Internal Committee?', 'आंतरिक समिति की अध्यक्षता कौन करता है?'),
    explanation: t(
      'The Presiding Officer is a woman employed at a senior level at the workplace (s.4(2)).',
      'पीठासीन अधिकारी कार्यस्थल पर वरिष्ठ स्तर पर काम करने वाली एक महिला होती है (धारा 4(2))।',
    ),
    options: [
      { ref: 'a', label: t('The head of HR, whoever that is', 'HR प्रमुख, जो भी हो') },
      {
        ref: 'b',
        label: t(
          'A woman employed at a senior level at the workplace',
          'कार्यस्थल पर वरिष्ठ स्तर पर काम करने वाली एक महिला',
        ),
      },
      { ref: 'c', label: t('The external member', 'बाहरी सदस्य') },
      { ref: 'd', label: t('The District Officer', 'ज़िला अधिकारी') },
    ],
    key: { correct: ['b'] },
  },
  {
    type: 'CHECKBOX_WITH_TEXT',
    points: 1,
    prompt: t('Before you finish, confirm the statement below.', 'ख़त्म करने से पहले, नीचे दी गई बात की पुष्टि करें।'),
    explanation: t(
      "The committee's members and their contact details are displayed at your workplace (s.19, Rule 13). If you cannot find them, ask HR.",
      'समिति के सदस्यों और उनके संपर्क विवरण आपके कार्यस्थल पर लगाए जाते हैं (धारा 19, नियम 13)। अगर आपको न मिलें, तो HR से पूछें।',
    ),
    options: [
      {
        ref: 'a',
        label: t(
          "I know how to reach our Internal Committee: where its members' names and contact details are displayed.",
          'मुझे पता है कि हमारी आंतरिक समिति तक कैसे पहुँचना है: उसके सदस्यों के नाम और संपर्क विवरण कहाँ लगे हैं।',
        ),
      },
    ],
    key: { mustBeChecked: true },
  },
  {
    type: 'MATCHING',
    points: 2,
    prompt: t('Match each step with its time limit.', 'हर चरण को उसकी समय-सीमा से मिलाएँ।'),
    explanation: t(
      'Copy to the respondent: 7 working days (Rule 7(2)); reply: 10 working days (Rule 7(3)); inquiry: 90 days (s.11(4)); report to the employer: 10 days after the inquiry (s.13(1)); employer acts: 60 days (s.13(4)).',
      'प्रतिवादी को प्रति: 7 कार्य दिवस (नियम 7(2)); जवाब: 10 कार्य दिवस (नियम 7(3)); जांच: 90 दिन (धारा 11(4)); नियोक्ता को रिपोर्ट: जांच के बाद 10 दिन (धारा 13(1)); नियोक्ता की कार्रवाई: 60 दिन (धारा 13(4))।',
    ),
    options: [
      { ref: 'l1', side: 'LEFT', label: t('Copy of the complaint to the respondent', 'प्रतिवादी को शिकायत की प्रति') },
      { ref: 'l2', side: 'LEFT', label: t("The respondent's reply", 'प्रतिवादी का जवाब') },
      { ref: 'l3', side: 'LEFT', label: t('Completing the inquiry', 'जांच पूरी करना') },
      { ref: 'l4', side: 'LEFT', label: t('Report to the employer after the inquiry', 'जांच के बाद नियोक्ता को रिपोर्ट') },
      { ref: 'l5', side: 'LEFT', label: t("Employer's action on the report", 'रिपोर्ट पर नियोक्ता की कार्रवाई') },
      { ref: 'r1', side: 'RIGHT', label: t('7 working days', '7 कार्य दिवस') },
      { ref: 'r2', side: 'RIGHT', label: t('10 working days', '10 कार्य दिवस') },
      { ref: 'r3', side: 'RIGHT', label: t('90 days', '90 दिन') },
      { ref: 'r4', side: 'RIGHT', label: t('10 days', '10 दिन') },
      { ref: 'r5', side: 'RIGHT', label: t('60 days', '60 दिन') },
    ],
    key: {
      pairs: [
        ['l1', 'r1'],
        ['l2', 'r2'],
        ['l3', 'r3'],
        ['l4', 'r4'],
        ['l5', 'r5'],
      ],
    },
  },
  {
    type: 'SINGLE_SELECT',
    points: 1,
    prompt: t(
      "Meera has complained to the Internal Committee about a colleague's messages. Before the inquiry begins, she asks the committee to try conciliation. May the settlement be a payment of money?",
      'मीरा ने एक सहकर्मी के मैसेज को लेकर आंतरिक समिति में शिकायत की है। जांच शुरू होने से पहले वह समिति से सुलह कराने को कहती है। क्या समझौता पैसों के भुगतान पर हो सकता है?',
    ),
    explanation: t(
      'No. Conciliation happens only at the request of the woman who complained, as Meera asked here, and a monetary settlement can never be its basis (s.10(1)).',
      'नहीं। सुलह सिर्फ़ शिकायत करने वाली महिला के अनुरोध पर होती है, जैसा मीरा ने यहाँ कहा, और पैसों का लेन-देन कभी उसका आधार नहीं हो सकता (धारा 10(1))।',
    ),
    options: [
      { ref: 'a', label: t('Yes, if both sides agree', 'हाँ, अगर दोनों पक्ष मान जाएँ') },
      { ref: 'b', label: t('Yes, if the committee approves the amount', 'हाँ, अगर समिति रक़म को मंज़ूरी दे') },
      { ref: 'c', label: t('No, never', 'नहीं, कभी नहीं') },
    ],
    key: { correct: ['c'] },
  },
  {
    type: 'FILL_IN_BLANK',
    points: 1,
    prompt: t('The inquiry must be completed within [[1]] days.', 'जांच [[1]] दिनों के भीतर पूरी होनी चाहिए।'),
    explanation: t('90 days (s.11(4)).', '90 दिन (धारा 11(4))।'),
    options: [],
    key: { blanks: { '1': { en: ['90', 'ninety'], hi: ['90', '९०', 'नब्बे'] } } },
  },
  {
    type: 'MULTI_SELECT',
    points: 1,
    prompt: t(
      'Anjali has complained that her team lead harasses her, and the inquiry is under way. She writes to the committee asking for protection until it ends. Which of these can the committee recommend on her written request? Select all that apply.',
      'अंजलि ने शिकायत की है कि उसका टीम लीड उसे परेशान करता है, और जांच चल रही है। वह समिति को लिखकर जांच पूरी होने तक सुरक्षा माँगती है। उसके लिखित अनुरोध पर समिति इनमें से किसकी सिफ़ारिश कर सकती है? जितने सही हों, सब चुनें।',
    ),
    explanation: t(
      'Transfer of Anjali or of the respondent (her team lead), leave for Anjali of up to 3 months, and stopping the respondent from reporting on her work (s.12(1), Rule 8). Money, dismissal before the inquiry ends and naming the respondent publicly are not interim relief.',
      'अंजलि का या प्रतिवादी (उसके टीम लीड) का तबादला, अंजलि को 3 महीने तक की छुट्टी, और प्रतिवादी को उसके काम पर रिपोर्ट करने से रोकना (धारा 12(1), नियम 8)। पैसे, जांच पूरी होने से पहले बर्ख़ास्तगी और प्रतिवादी का नाम सार्वजनिक करना अंतरिम राहत नहीं हैं।',
    ),
    options: [
      {
        ref: 'a',
        label: t('Transfer her or the respondent to another workplace', 'उसका या प्रतिवादी का दूसरे कार्यस्थल पर तबादला'),
      },
      { ref: 'b', label: t('Leave for her of up to 3 months', 'उसे 3 महीने तक की छुट्टी') },
      {
        ref: 'c',
        label: t('Stop the respondent from reporting on her work', 'प्रतिवादी को उसके काम पर रिपोर्ट करने से रोकना'),
      },
      { ref: 'd', label: t('A payment to her to close the complaint', 'शिकायत बंद करने के लिए उसे भुगतान') },
      {
        ref: 'e',
        label: t('Dismiss the respondent before the inquiry ends', 'जांच पूरी होने से पहले प्रतिवादी को बर्ख़ास्त करना'),
      },
      { ref: 'f', label: t("Put the respondent's name on the notice board", 'प्रतिवादी का नाम नोटिस बोर्ड पर लगाना') },
    ],
    key: { correct: ['a', 'b', 'c'] },
  },
  {
    type: 'INPUT_BOX',
    points: 1,
    prompt: t(
      'A shop has 6 workers, so it has no Internal Committee. Which committee receives a complaint from a woman working there? Type its name.',
      'एक दुकान में 6 कर्मचारी हैं, इसलिए वहाँ आंतरिक समिति नहीं है। वहाँ काम करने वाली महिला की शिकायत कौन-सी समिति लेती है? उसका नाम लिखें।',
    ),
    explanation: t(
      'The Local Committee, set up by the District Officer, receives complaints from workplaces with fewer than 10 workers (s.6(1)).',
      'ज़िला अधिकारी की बनाई स्थानीय समिति 10 से कम कर्मचारियों वाले कार्यस्थलों की शिकायतें लेती है (धारा 6(1))।',
    ),
    options: [],
    key: {
      accepted: {
        en: ['Local Committee', 'Local Complaints Committee', 'the Local Committee', 'LC', 'LCC'],
        hi: ['स्थानीय समिति', 'स्थानीय शिकायत समिति', 'लोकल कमेटी', 'लोकल कमिटी', 'Local Committee'],
      },
    },
  },
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t(
      'May the contents of a complaint or the inquiry be shared with the press or on social media?',
      'क्या शिकायत या जांच की बातें प्रेस या सोशल मीडिया पर साझा की जा सकती हैं?',
    ),
    explanation: t(
      'No. The complaint, identities, proceedings, recommendations and action must not be made public (s.16); breaking this can be penalised (s.17).',
      'नहीं। शिकायत, पहचान, कार्यवाही, सिफ़ारिशें और कार्रवाई सार्वजनिक नहीं की जा सकतीं (धारा 16); ऐसा करने पर सज़ा हो सकती है (धारा 17)।',
    ),
    options: [
      { ref: 'a', label: t('Yes, once the inquiry is over', 'हाँ, जांच ख़त्म होने के बाद') },
      { ref: 'b', label: t('Yes, if the respondent agrees', 'हाँ, अगर प्रतिवादी मान जाए') },
      { ref: 'c', label: t('No, they must not be made public', 'नहीं, इन्हें सार्वजनिक नहीं किया जा सकता') },
    ],
    key: { correct: ['c'] },
  },
];

/** The India demo course: four lessons and the ten-question quiz of §5. */
export const INDIA_POSH_COURSE: DemoCourse = {
  key: 'demo-india-posh',
  primaryLanguage: 'en',
  languages: ['en', 'hi'],
  jurisdictionCodes: ['IN'],
  title: t('Prevention of Sexual Harassment at the Workplace (India)', 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम (भारत)'),
  description: t(
    'What the POSH Act 2013 protects against, how the Internal Committee works, and the time limits every employee and manager should know. Four short lessons and a quiz.',
    'POSH अधिनियम 2013 किन बातों से सुरक्षा देता है, आंतरिक समिति कैसे काम करती है, और वे समय-सीमाएँ जो हर कर्मचारी और मैनेजर को पता होनी चाहिए। चार छोटे पाठ और एक क्विज़।',
  ),
  items: [
    {
      kind: 'LESSON',
      title: t('What the POSH Act 2013 covers', 'POSH अधिनियम 2013 किन बातों पर लागू होता है'),
      blocks: lesson1,
    },
    { kind: 'LESSON', title: t('What counts as sexual harassment', 'यौन उत्पीड़न किसे माना जाता है'), blocks: lesson2 },
    {
      kind: 'LESSON',
      title: t('The Internal Committee and how to complain', 'आंतरिक समिति और शिकायत कैसे करें'),
      blocks: lesson3,
    },
    {
      kind: 'LESSON',
      title: t(
        'Timelines, confidentiality and protection from retaliation',
        'समय-सीमाएँ, गोपनीयता और बदले की कार्रवाई से सुरक्षा',
      ),
      blocks: lesson4,
    },
    {
      kind: 'QUIZ',
      title: t('Check your understanding', 'अपनी समझ जाँचें'),
      passMark: 70,
      attemptLimit: 3,
      shuffleQuestions: false,
      questions,
    },
  ],
};
