/**
 * A compact list of passwords and password words that attackers try first. Complete passwords are
 * matched exactly (after lower-casing and removing spaces, dots, dashes and underscores); words
 * are matched when a password is nothing more than the word padded with digits or symbols
 * ('Password2024!'), repeated ('passwordpassword') or followed by a keyboard sequence. Together
 * with the repetition and sequence rules in password-rules.server.ts this covers the most common
 * passwords of twelve or more characters found in published breach lists, plus local words
 * (the city, the clinic, common names) that staff might reach for.
 */
// prettier-ignore
export const COMMON_PASSWORD_WORDS: readonly string[] = [
  'abc123', 'abcd', 'abcdef', 'academy', 'access', 'admin', 'adminadmin', 'administrator', 'afghan',
  'afghanistan', 'ahmad', 'ahmed', 'allah', 'andrew', 'angel', 'anthony', 'apple', 'arsenal',
  'asdasd', 'asdfgh', 'ashley', 'autumn', 'azerty', 'azertyuiop', 'babygirl', 'banana', 'barcelona',
  'baseball', 'basketball', 'batman', 'blessed', 'business', 'butterfly', 'changeme', 'charlie',
  'cheese', 'chelsea', 'chocolate', 'christ', 'clinic', 'college', 'company', 'computer',
  'contrasena', 'cookie', 'cricket', 'daniel', 'database', 'december', 'default', 'dental',
  'dentist', 'doctor', 'dollar', 'dragon', 'facebook', 'family', 'fatima', 'ferrari', 'flower',
  'football', 'forever', 'freedom', 'friday', 'friends', 'google', 'guest', 'hannah', 'happy',
  'harley', 'hassan', 'health', 'heaven', 'hello', 'herat', 'hockey', 'hospital', 'hunter',
  'hussain', 'iloveu', 'iloveyou', 'implant', 'implants', 'india', 'instagram', 'internet',
  'iphone', 'islam', 'jalalabad', 'january', 'jennifer', 'jessica', 'jesus', 'jordan', 'joshua',
  'juventus', 'kabul', 'kandahar', 'khan', 'killer', 'killer1', 'letmein', 'letmein1', 'liverpool',
  'login', 'love', 'lovely', 'lovers', 'loveyou', 'madrid', 'manager', 'manchester', 'maryam',
  'master', 'matthew', 'mazar', 'medical', 'mercedes', 'michael', 'mohammad', 'monday', 'money',
  'monkey', 'motdepasse', 'muhammad', 'mustang', 'mypassword', 'naruto', 'network', 'newpassword',
  'nicole', 'nothing', 'nurse', 'office', 'oldpassword', 'orange', 'p@ssword', 'pakistan',
  'pakistani', 'passpass', 'passw0rd', 'password', 'passwort', 'patient', 'personal', 'pokemon',
  'porsche', 'princess', 'princess1', 'private', 'qazwsx', 'qweasd', 'qwerty', 'qwertyuiop',
  'qwertz', 'rainbow', 'ranger', 'realmadrid', 'reception', 'robert', 'root', 'rootroot', 'samsung',
  'school', 'secret', 'secretary', 'securepassword', 'server', 'shadow', 'shadow1', 'smile',
  'soccer', 'spiderman', 'spring', 'starwars', 'strongpassword', 'student', 'summer', 'sunshine',
  'superman', 'supersecret', 'superstar', 'sweetheart', 'system', 'teacher', 'teeth', 'test',
  'testing', 'testtest', 'thomas', 'tooth', 'topsecret', 'trustme', 'trustno', 'twitter', 'united',
  'university', 'unknown', 'user', 'useruser', 'welcome', 'welcome1', 'whatever', 'whatever1',
  'william', 'winter', 'wordpass', 'yourpassword', 'youtube', 'zahra', 'zxcvbn',
]

// prettier-ignore
export const COMMON_PASSWORDS: readonly string[] = [
  '000000000000', '098765432112', '111111111111', '1122334455', '112233445566', '11223344556677',
  '121212121212', '123123123123', '123321123321', '123456123456', '123456789012', '1234567890123',
  '12345678901234', '1234567890qwerty', '1234qwerasdf', '123654789123', '147258369147',
  '159753159753', '1q2w3e4r5t6y', '1q2w3e4r5t6y7u', '1qaz2wsx3edc', '1qaz2wsx3edc4rfv',
  '1qazxsw23edc', '987654321098', 'a1b2c3d4e5f6', 'aa123456789a', 'aaaaaaaaaaaa', 'abcabcabcabc',
  'abcd12345678', 'abcdefgh1234', 'abcdefghijkl', 'admin1234567', 'admin123456789', 'admin@123456',
  'adminadmin12', 'administrator', 'afghanistan1', 'afghanistan123', 'ahmad1234567', 'allahisgreat',
  'asd123asd123', 'asdfghjkl123', 'asdfghjklzxc', 'barcelona1234', 'baseball1234', 'bismillah123',
  'blink1821234', 'changeme1234', 'charlie12345', 'chelseafc1234', 'computer1234',
  'correcthorsebatterystaple', 'dentalclinic', 'dentalclinic1', 'dragon123456', 'football1234',
  'happybirthday', 'hellohello12', 'helloworld123', 'iloveyou1234', 'iloveyou123456',
  'internet1234', 'kabul1234567', 'kabuldental1', 'kabulkabul12', 'letmein12345', 'linkinpark12',
  'liverpool1234', 'loveyoubaby1', 'manchesterunited', 'michael12345', 'mohammad1234',
  'monkey123456', 'muhammad1234', 'mypassword12', 'mypassword123', 'p@ssw0rd1234', 'p@ssword1234',
  'pa$$word1234', 'pakistan1234', 'passw0rd1234', 'password123!', 'password1234', 'password12345',
  'password123456', 'password2020', 'password2021', 'password2022', 'password2023', 'password2024',
  'password2025', 'passwordpassword', 'pokemon12345', 'princess1234', 'q1w2e3r4t5y6',
  'qazwsxedcrfv', 'qwe123qwe123', 'qwerasdfzxcv', 'qwerty123456', 'qwerty1234567890',
  'qwertyuiop12', 'qwertyuiop123', 'qwertyuiopas', 'realmadrid12', 'smileclinic1', 'starwars1234',
  'sunshine1234', 'superman1234', 'thisismypassword', 'trustno1trustno1', 'welcome12345',
  'welcome123456', 'welcometo2024', 'whatever1234', 'zaq12wsxcde3', 'zaq1zaq1zaq1', 'zxc123zxc123',
  'zxcvbnm12345',
]
