import { Testbed } from './app';

new Testbed();
