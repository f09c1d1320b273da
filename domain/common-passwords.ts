// Passwords that attackers try first. Checked when a password is chosen (sign-up, reset), in the browser
// and again on the server. The list holds the most common passwords of six or more characters as seen in
// public breach statistics; the patterns catch the endless variants (one repeated character, a run of
// digits or a keyboard row, "password" with a number after it).

const COMMON = new Set(
  (
    "!qaz2wsx 000000 0000000 00000000 010203 101010 111111 1111111 11111111 112211 112233 11223344 " +
    "121212 121314 123123 123123123 123321 12341234 1234321 12344321 123456 1234567 12345678 123456789 " +
    "1234567890 123456789a 12345678a 1234567a 123456a 123456q 12345a 1234abcd 1234qwer 123654 123abc " +
    "123qwe 131313 142536 147258 147258369 159357 159753 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qaz@wsx " +
    "1qazxsw2 202020 222222 246810 333333 444444 555555 654321 666666 666999 696969 777777 7777777 " +
    "888888 987654 987654321 9876543210 999999 a123456 aa123456 aaaaaa abc123 abc12345 abcd1234 abcdef " +
    "access admin123 administrator amanda andrew anything arsenal asdf1234 asdfasdf asdfgh asdfghjkl " +
    "ashley ashley1 austin bailey banana bandit banner banners barney baseball baseball1 batman beaver " +
    "bigdog birmingham blahblah blink182 bond007 booboo boomer boston brandon bristol " +
    "britain bubbles business buster butterfly camaro cameron canada captain cardiff carlos casper " +
    "celtic changeme changeme1 charlie charlie1 cheese chelsea chelsea1 chester chicago chicken " +
    "chocolate coffee company compaq computer cookie cooper corvette cowboy cowboys creative crystal " +
    "dakota dallas daniel danielle debbie default diablo diamond digital doctor doggie dolphin donald " +
    "dragon dragon1 dragons eagles edinburgh edward elephant england england1 everton falcon ferrari " +
    "fishing flower flowers football football1 forever freddy freedom friend friends gandalf " +
    "gateway gemini george giants ginger glasgow golden golfer google guest123 guitar hammer hannah " +
    "harley harley1 heather hello1 hello123 helloworld helpme hockey hotdog hunter hunter1 iceman " +
    "iloveyou iloveyou1 internet jackie jaguar jasmine jasper jennifer jeremy jessica johnny " +
    "jordan jordan23 joseph joshua junior justin killer killer1 kitten klaster knight lakers lauren " +
    "leather legend letmein letmein1 letmein123 little liverpool london london1 lovely maddog maggie " +
    "manchester manutd marina marine marlboro martin marvin master master1 matrix matrix1 matthew " +
    "maverick mercedes merlin michael michael1 michelle mickey midnight miller minnie mobilemail monitor " +
    "monitoring monkey monkey1 monster montana morgan moscow mother muffin murphy mustang mustang1 " +
    "mypass mypassword naruto nascar natasha newcastle newpass newpassword newyork nicholas nicole " +
    "nirvana nothing office oldpass oliver orange p@ssw0rd p@ssword pa55w0rd pa55word packers panther " +
    "panthers parker pass123 pass1234 passcode passpass passw0rd passwd password password0 password1 " +
    "password12 password123 password1234 patrick peaches peanut pepper pepper1 phoenix player please " +
    "pokemon porsche poster posters prince princess princess1 print123 printing printshop printwise " +
    "printwise1 purple q1w2e3r4 q1w2e3r4t5 qazwsx qazwsxedc qwe123 qwer1234 qwerty qwerty1 qwerty12 " +
    "qwerty123 qwertyuiop rabbit rachel raiders rainbow ranger rangers redsox richard robert rocket " +
    "rosebud runner samantha samsung sandra scooter scorpio scotland secret secret1 secret123 shadow " +
    "shadow1 shannon shelby silver simple skippy slayer smokey snoopy soccer soccer1 something sparky " +
    "spider spiderman spring startrek starwars steelers steven sticker stickers " +
    "summer summer1 sunday sunshine sunshine1 superman superman1 surfer sydney taylor taylor1 teacher " +
    "temp123 temppass tennis test123 test1234 testing thomas thunder thx1138 tigers tigger tinkerbell " +
    "tomcat topgun tottenham toyota travis trouble trustme trustno1 tucker turtle united united1 victor " +
    "victoria viking voodoo walter warrior welcome welcome1 welcome123 whatever winner winter wizard " +
    "xavier yamaha yankee yankees yellow yourpass zaq12wsx zxcvbn zxcvbn1 zxcvbnm zxcvbnm1 zzzzzz"
  ).split(" "),
);

const KEYBOARD_RUNS = ["1234567890", "0987654321", "qwertyuiop", "asdfghjkl", "zxcvbnm", "abcdefghijklmnopqrstuvwxyz"];

/** True for a password on the list, or of a pattern that is just as easy to guess. Case is ignored. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  if (/^(.)\1+$/.test(lower)) return true; // aaaaaa, 111111
  if (KEYBOARD_RUNS.some((run) => run.includes(lower))) return true; // 234567, qwerty, hijklm
  // "password", "qwerty", "welcome"… with digits or ! around them: password2024, 123qwerty!
  const stem = lower.replace(/^[\d!@#$%^&*.]+|[\d!@#$%^&*.]+$/g, "");
  return stem !== lower && (stem.length === 0 || COMMON.has(stem));
}
