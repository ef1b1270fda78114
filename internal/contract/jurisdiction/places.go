package jurisdiction

// The gazetteer. Each line: ISO 3166-1 alpha-2 code | name | other names |
// adjectives ("English law") | the region part of the value when it is not
// the name's slug (England and Wales is "england-gb"). Names are matched as whole words, case and
// accents ignored, apostrophes and periods dropped ("U.S." = "us" is not
// used: "U S" is; "People's" = "peoples"). The longest name starting at a
// word wins, so "West Virginia" beats "Virginia" and "Papua New Guinea"
// beats "Guinea".

// regions are the places below a country whose law governs contracts:
// US states and territories, Canadian provinces and territories,
// Australian states and the parts of the United Kingdom: federal or
// devolved systems whose law is made below the country. Cities and the
// provinces of unitary states are left out on purpose: "the laws of the
// PRC … arbitration in Beijing" governs by Chinese law, not Beijing's.
const regions = `
us|Alabama||
us|Alaska||
us|Arizona||
us|Arkansas||
us|California|calif|Californian
us|Colorado||
us|Connecticut||
us|Delaware||
us|District of Columbia|washington d c;washington dc;d c|
us|Florida||
us|Georgia|state of georgia|
us|Hawaii||
us|Idaho||
us|Illinois||
us|Indiana||
us|Iowa||
us|Kansas||
us|Kentucky||
us|Louisiana||
us|Maine||
us|Maryland||
us|Massachusetts|massachussets;massachusets|
us|Michigan||
us|Minnesota||
us|Mississippi||
us|Missouri||
us|Montana||
us|Nebraska||
us|Nevada||
us|New Hampshire||
us|New Jersey||
us|New Mexico||
us|New York|state of new york;n y|
us|North Carolina||
us|North Dakota||
us|Ohio||
us|Oklahoma||
us|Oregon||
us|Pennsylvania||
us|Rhode Island||
us|South Carolina||
us|South Dakota||
us|Tennessee||
us|Texas||
us|Utah||
us|Vermont||
us|Virginia||
us|Washington|state of washington|
us|West Virginia||
us|Wisconsin||
us|Wyoming||
us|Puerto Rico||
us|Guam||
us|United States Virgin Islands|u s virgin islands;us virgin islands|
ca|Alberta||
ca|British Columbia||
ca|Manitoba||
ca|New Brunswick||
ca|Newfoundland and Labrador|newfoundland|
ca|Nova Scotia||
ca|Ontario||
ca|Prince Edward Island||
ca|Quebec|québec|
ca|Saskatchewan||
ca|Northwest Territories||
ca|Nunavut||
ca|Yukon||
au|New South Wales||
au|Victoria||
au|Queensland||
au|South Australia||
au|Western Australia||
au|Tasmania||
au|Australian Capital Territory||
au|Northern Territory||
gb|England and Wales|england;england & wales;wales;english and welsh|English|england
gb|Scotland||Scottish;Scots
gb|Northern Ireland||
`

// countries: every ISO 3166-1 country, with the names contracts use.
const countries = `
af|Afghanistan||Afghan
ax|Åland Islands|aland islands|
al|Albania||Albanian
dz|Algeria||Algerian
as|American Samoa||
ad|Andorra||
ao|Angola||Angolan
ai|Anguilla||
ag|Antigua and Barbuda|antigua|
ar|Argentina|argentine republic|Argentine;Argentinian
am|Armenia||Armenian
aw|Aruba||
au|Australia|commonwealth of australia|Australian
at|Austria|republic of austria|Austrian
az|Azerbaijan||
bs|Bahamas|the bahamas;commonwealth of the bahamas|Bahamian
bh|Bahrain|kingdom of bahrain|
bd|Bangladesh||
bb|Barbados||
by|Belarus||
be|Belgium|kingdom of belgium|Belgian
bz|Belize||
bj|Benin||
bm|Bermuda|islands of bermuda|Bermudian
bt|Bhutan||
bo|Bolivia||Bolivian
ba|Bosnia and Herzegovina|bosnia|
bw|Botswana||
br|Brazil|federative republic of brazil;brasil|Brazilian
vg|British Virgin Islands|bvi;b v i;virgin islands british|
bn|Brunei|brunei darussalam|
bg|Bulgaria|republic of bulgaria|Bulgarian
bf|Burkina Faso||
bi|Burundi||
cv|Cabo Verde|cape verde|
kh|Cambodia|kingdom of cambodia|
cm|Cameroon||
ca|Canada||Canadian
ky|Cayman Islands|cayman|
cf|Central African Republic||
td|Chad||
cl|Chile|republic of chile|Chilean
cn|People's Republic of China|china;prc;p r c;peoples republic of china;mainland china;the peoples republic of china|Chinese;PRC
co|Colombia|republic of colombia|Colombian
km|Comoros||
cg|Republic of the Congo|congo brazzaville|
cd|Democratic Republic of the Congo|congo kinshasa;drc|
ck|Cook Islands||
cr|Costa Rica||
ci|Côte d'Ivoire|cote divoire;ivory coast|
hr|Croatia|republic of croatia|Croatian
cu|Cuba||
cw|Curaçao|curacao|
cy|Cyprus|republic of cyprus|Cypriot
cz|Czech Republic|czechia|Czech
dk|Denmark|kingdom of denmark|Danish
dj|Djibouti||
dm|Dominica||
do|Dominican Republic||
ec|Ecuador||
eg|Egypt|arab republic of egypt|Egyptian
sv|El Salvador||
gq|Equatorial Guinea||
er|Eritrea||
ee|Estonia|republic of estonia|Estonian
sz|Eswatini|swaziland|
et|Ethiopia||
fk|Falkland Islands||
fo|Faroe Islands||
fj|Fiji||
fi|Finland|republic of finland|Finnish
fr|France|french republic|French
gf|French Guiana||
pf|French Polynesia||
ga|Gabon||
gm|Gambia|the gambia|
ge|Republic of Georgia||
de|Germany|federal republic of germany|German
gh|Ghana||Ghanaian
gi|Gibraltar||
gr|Greece|hellenic republic|Greek
gl|Greenland||
gd|Grenada||
gp|Guadeloupe||
gt|Guatemala||
gg|Guernsey|bailiwick of guernsey|
gn|Guinea||
gw|Guinea-Bissau|guinea bissau|
gy|Guyana||
ht|Haiti||
hn|Honduras||
hk|Hong Kong|hong kong sar;hksar;hong kong special administrative region;the hong kong special administrative region|
hu|Hungary||Hungarian
is|Iceland||Icelandic
in|India|republic of india|Indian
id|Indonesia|republic of indonesia|Indonesian
ir|Iran||Iranian
iq|Iraq||
ie|Ireland|republic of ireland;eire|Irish
im|Isle of Man||Manx
il|Israel|state of israel|Israeli
it|Italy|italian republic|Italian
jm|Jamaica||
jp|Japan||Japanese
je|Jersey|bailiwick of jersey|
jo|Jordan|hashemite kingdom of jordan|
kz|Kazakhstan|republic of kazakhstan|
ke|Kenya||Kenyan
ki|Kiribati||
kr|South Korea|republic of korea;korea|Korean
kp|North Korea||
kw|Kuwait||
kg|Kyrgyzstan||
la|Laos||
lv|Latvia|republic of latvia|Latvian
lb|Lebanon||Lebanese
ls|Lesotho||
lr|Liberia|republic of liberia|Liberian
ly|Libya||
li|Liechtenstein|principality of liechtenstein|
lt|Lithuania|republic of lithuania|Lithuanian
lu|Luxembourg|grand duchy of luxembourg|Luxembourgish
mo|Macau|macao;macau sar;macao sar|
mg|Madagascar||
mw|Malawi||
my|Malaysia||Malaysian
mv|Maldives||
ml|Mali||
mt|Malta|republic of malta|Maltese
mh|Marshall Islands|republic of the marshall islands|
mq|Martinique||
mr|Mauritania||
mu|Mauritius|republic of mauritius|Mauritian
mx|Mexico|united mexican states|Mexican
fm|Micronesia||
md|Moldova||
mc|Monaco|principality of monaco|Monegasque
mn|Mongolia||Mongolian
me|Montenegro||
ms|Montserrat||
ma|Morocco|kingdom of morocco|Moroccan
mz|Mozambique||
mm|Myanmar|burma|
na|Namibia||
nr|Nauru||
np|Nepal||
nl|Netherlands|the netherlands;kingdom of the netherlands;holland|Dutch
nc|New Caledonia||
nz|New Zealand||
ni|Nicaragua||
ne|Niger||
ng|Nigeria|federal republic of nigeria|Nigerian
mk|North Macedonia|macedonia|
no|Norway|kingdom of norway|Norwegian
om|Oman||
pk|Pakistan||Pakistani
pw|Palau||
ps|Palestine||
pa|Panama|republic of panama|Panamanian
pg|Papua New Guinea||
py|Paraguay||
pe|Peru|republic of peru|Peruvian
ph|Philippines|republic of the philippines;the philippines|Philippine
pl|Poland|republic of poland|Polish
pt|Portugal|portuguese republic|Portuguese
qa|Qatar|state of qatar|
re|Réunion|reunion|
ro|Romania||Romanian
ru|Russia|russian federation|Russian
rw|Rwanda||
kn|Saint Kitts and Nevis|st kitts and nevis|
lc|Saint Lucia|st lucia|
vc|Saint Vincent and the Grenadines|st vincent and the grenadines|
ws|Samoa||
sm|San Marino||
st|São Tomé and Príncipe|sao tome and principe|
sa|Saudi Arabia|kingdom of saudi arabia|Saudi
sn|Senegal||
rs|Serbia|republic of serbia|Serbian
sc|Seychelles||
sl|Sierra Leone||
sg|Singapore|republic of singapore|Singaporean
sx|Sint Maarten||
sk|Slovakia|slovak republic|Slovak
si|Slovenia|republic of slovenia|Slovenian
sb|Solomon Islands||
so|Somalia||
za|South Africa|republic of south africa|South African
ss|South Sudan||
es|Spain|kingdom of spain|Spanish
lk|Sri Lanka||
sd|Sudan||
sr|Suriname||
se|Sweden|kingdom of sweden|Swedish
ch|Switzerland|swiss confederation|Swiss
sy|Syria||
tw|Taiwan|republic of china;taiwan roc;r o c|Taiwanese
tj|Tajikistan||
tz|Tanzania||
th|Thailand|kingdom of thailand|Thai
tl|Timor-Leste|east timor|
tg|Togo||
to|Tonga||
tt|Trinidad and Tobago|trinidad|
tn|Tunisia||
tr|Turkey|türkiye;turkiye;republic of turkey|Turkish
tm|Turkmenistan||
tc|Turks and Caicos Islands|turks and caicos|
tv|Tuvalu||
ug|Uganda||
ua|Ukraine||Ukrainian
ae|United Arab Emirates|uae;u a e|
gb|United Kingdom|uk;u k;great britain;britain;united kingdom of great britain and northern ireland|British
us|United States|united states of america;usa;u s;u s a|American
uy|Uruguay||Uruguayan
uz|Uzbekistan||
vu|Vanuatu||
ve|Venezuela||Venezuelan
vn|Vietnam|viet nam|Vietnamese
ye|Yemen||
zm|Zambia||
zw|Zimbabwe||
`
