import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookAddressProblem } from './webhook-address';

describe('a webhook URL', () => {
  it('may not name the server itself, a private network or the metadata service, however the address is written', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://2130706433/hook', // 127.0.0.1 as one number: the URL parser says which address it is
      'http://0.0.0.0/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://10.1.2.3/hook',
      'http://172.20.0.5/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
    ])
      expect(await webhookAddressProblem(url, async () => []), url).toMatch(/is a loopback, private or link-local address/);
  });

  it('may not name a host any of whose addresses is private: each is looked up', async () => {
    const resolve = async (host: string) => (host === 'hr.example' ? ['203.0.113.1', '93.184.215.14'] : ['93.184.215.14', '10.0.0.7']);
    expect(await webhookAddressProblem('https://hr.example/hook', resolve)).toBe(
      'hr.example (203.0.113.1) is a loopback, private or link-local address: a webhook goes to a public one',
    );
    expect(await webhookAddressProblem('https://rebound.example/hook', resolve)).toMatch(/^rebound\.example \(10\.0\.0\.7\)/);
    expect(await webhookAddressProblem('https://localhost/hook')).toMatch(/^localhost \((127\.0\.0\.1|::1)\)/);
  });

  it('may name a public address, or a name that does not resolve yet (checked again before each delivery)', async () => {
    expect(
      await webhookAddressProblem('https://hr.example/hook', async () => ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']),
    ).toBeNull();
    expect(await webhookAddressProblem('https://8.8.8.8/hook')).toBeNull();
    expect(await webhookAddressProblem('https://nowhere.invalid/hook', async () => Promise.reject(new Error('ENOTFOUND')))).toBeNull();
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});
