import type { UserTest } from '@prova/contract/tests';
import { testAvatarLetters, testColor, textColorOn } from '../rules/test-rules';

/** The test's letters on its colour. Decorative: the test name is always given next to it. */
export function TestAvatar({
  test,
  size = 'small',
}: {
  test: Pick<UserTest, 'abbreviation' | 'name' | 'jsonData'>;
  size?: 'small' | 'large';
}) {
  const background = testColor(test);
  return (
    <span className={`test-avatar test-avatar--${size}`} style={{ background, color: textColorOn(background) }} aria-hidden="true">
      {testAvatarLetters(test)}
    </span>
  );
}
