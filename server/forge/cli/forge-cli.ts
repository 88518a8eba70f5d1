import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DomainError } from '../../common/errors';
import { parseScopes } from '../access/scopes';
import { CreditsService } from '../credits/credits.service';
import { ForgeConfig } from '../config/forge-config';
import { ForgeModule } from '../forge.module';
import { OrgsService } from '../orgs/orgs.service';
import { UsersService } from '../users/users.service';
import { flagValue, parseArgs, type ParsedArgs } from './cli-args';

const USAGE = `Forge administration commands (the forge serves when given none):

  user add <name> [--npc] [--admin] [--nickname <text>] [--email <address>]
  token add <user> --scopes <list|all> [--name <label>]   prints the new token once
  org add <path> [--remark <display name>] [--owner <user>]
  role set <org> <user> <Guest|Reporter|Developer|Master|Owner>
  credits topup <org> <amount> [--note <text>]

Scopes: repo-code, repo-issue, repo-notes, repo-manage, group-resource, group-manage,
group-delete, each with :r or :rw, comma-separated; "all" gives every scope read-write.`;

const VALUE_FLAGS = ['nickname', 'email', 'scopes', 'name', 'remark', 'owner', 'note'];

type Command = (app: INestApplicationContext, args: ParsedArgs) => string | Promise<string>;

class UsageError extends Error {}

function need(args: ParsedArgs, count: number): string[] {
  if (args.positional.length < count + 2) throw new UsageError('missing arguments');
  return args.positional.slice(2);
}

const COMMANDS: Record<string, Command> = {
  'user add': (app, args) => {
    const [name] = need(args, 1);
    const user = app.get(UsersService).create({
      username: name,
      nickname: flagValue(args, 'nickname'),
      email: flagValue(args, 'email'),
      isNpc: args.flags.has('npc'),
      isAdmin: args.flags.has('admin'),
    });
    return `Created user ${user.username}${user.is_npc ? ' (NPC)' : ''}.`;
  },
  'token add': (app, args) => {
    const [user] = need(args, 1);
    const scopesText = flagValue(args, 'scopes');
    if (!scopesText) throw new UsageError('--scopes is required');
    let scopes;
    try {
      scopes = parseScopes(scopesText);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    return app.get(UsersService).addToken(user, scopes, flagValue(args, 'name') ?? 'cli');
  },
  'org add': (app, args) => {
    const [path] = need(args, 1);
    const owner = app.get(UsersService).require(flagValue(args, 'owner') ?? 'admin');
    const caller = {
      userId: owner.id,
      username: owner.username,
      isAdmin: owner.is_admin === 1,
      scopes: new Set<string>(),
    };
    const org = app.get(OrgsService).create(caller, { path, remark: flagValue(args, 'remark') });
    return `Created organization ${org.path}, owned by ${owner.username}.`;
  },
  'role set': (app, args) => {
    const [org, user, role] = need(args, 3);
    app.get(OrgsService).setRole(org, user, role);
    return `${user} is now ${role} in ${org}.`;
  },
  'credits topup': (app, args) => {
    const [org, amountText] = need(args, 2);
    const amount = Number(amountText);
    const balance = app.get(CreditsService).topUp(org, amount, flagValue(args, 'note') ?? 'top-up');
    return `Added ${amount} credits to ${org}; balance ${balance}.`;
  },
};

/** Run one administration command against the forge's data; returns the exit code. */
export async function runCli(config: ForgeConfig, argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, VALUE_FLAGS);
  const key = args.positional.slice(0, 2).join(' ');
  const command = COMMANDS[key];
  if (!command || args.flags.has('help')) {
    const asked = argv[0] === 'help' || args.flags.has('help');
    (asked ? console.log : console.error)(USAGE);
    return asked ? 0 : 2;
  }
  const app = await NestFactory.createApplicationContext(
    ForgeModule.forRoot(config, { mode: 'cli' }),
    { logger: false },
  );
  try {
    console.log(await command(app, args));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${key}: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof DomainError) {
      console.error(`${key}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await app.close();
  }
}
